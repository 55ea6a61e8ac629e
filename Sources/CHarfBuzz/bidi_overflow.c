// Overflow isolates made neutral before FriBidi sees them (see chb.h).
#include <fribidi.h>

#include "chb.h"

enum { max_depth = 125 };   // UAX #9, BD2

static int is_initiator(FriBidiCharType t) {
    return t == FRIBIDI_TYPE_LRI || t == FRIBIDI_TYPE_RLI || t == FRIBIDI_TYPE_FSI;
}

// P2 and P3 from `from`: whether the first strong type, skipping isolates to their matching
// PDI, is right to left; stopping at an unmatched PDI when `stop_at_pdi` (an FSI's content).
static int first_strong_is_rtl(const FriBidiCharType *types, int from, int length, int stop_at_pdi) {
    int nested = 0;
    for (int i = from; i < length; i++) {
        FriBidiCharType t = types[i];
        if (is_initiator(t)) {
            nested++;
        } else if (t == FRIBIDI_TYPE_PDI) {
            if (nested > 0) nested--;
            else if (stop_at_pdi) return 0;
        } else if (nested == 0 && (t == FRIBIDI_TYPE_LTR || t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL)) {
            return t != FRIBIDI_TYPE_LTR;
        }
    }
    return 0;
}

int chb_first_strong_is_rtl(const uint32_t *types, int length) {
    return first_strong_is_rtl(types, 0, length, 0);
}

void chb_neutralize_overflow_isolates(uint32_t *types, int length, int base_level) {
    // X1 to X8's directional status stack, levels and isolate flags only (overrides do not move levels).
    unsigned char level[max_depth + 2], isolate[max_depth + 2];
    int top = 0, overflow_isolates = 0, overflow_embeddings = 0, valid_isolates = 0;
    level[0] = (unsigned char)base_level;
    isolate[0] = 0;
    for (int i = 0; i < length; i++) {
        FriBidiCharType t = types[i];
        if (overflow_isolates > 0) {
            // Inside an overflow isolate every explicit control is ignored (X2 to X7).
            if (is_initiator(t)) {
                overflow_isolates++;
                types[i] = FRIBIDI_TYPE_ON;
            } else if (t == FRIBIDI_TYPE_PDI) {
                overflow_isolates--;
                types[i] = FRIBIDI_TYPE_ON;
            } else if (t == FRIBIDI_TYPE_LRE || t == FRIBIDI_TYPE_RLE || t == FRIBIDI_TYPE_LRO || t == FRIBIDI_TYPE_RLO
                       || t == FRIBIDI_TYPE_PDF) {
                types[i] = FRIBIDI_TYPE_BN;
            }
            continue;
        }
        int rtl = -1;
        if (t == FRIBIDI_TYPE_RLE || t == FRIBIDI_TYPE_RLO || t == FRIBIDI_TYPE_RLI) rtl = 1;
        if (t == FRIBIDI_TYPE_LRE || t == FRIBIDI_TYPE_LRO || t == FRIBIDI_TYPE_LRI) rtl = 0;
        if (t == FRIBIDI_TYPE_FSI) rtl = first_strong_is_rtl(types, i + 1, length, 1);
        if (rtl >= 0) {
            // X2 to X5c: the least greater odd or even level, valid up to max_depth with no overflow pending.
            int next = rtl ? (level[top] + 1) | 1 : (level[top] + 2) & ~1;
            int valid = next <= max_depth && overflow_isolates == 0 && overflow_embeddings == 0;
            if (is_initiator(t)) {
                if (valid) valid_isolates++;
                else {
                    overflow_isolates = 1;
                    types[i] = FRIBIDI_TYPE_ON;   // as X5a sets it: the current level, a neutral
                    continue;
                }
            } else if (!valid) {
                overflow_embeddings++;
                continue;
            }
            top++;
            level[top] = (unsigned char)next;
            isolate[top] = (unsigned char)is_initiator(t);
        } else if (t == FRIBIDI_TYPE_PDF) {
            // X7.
            if (overflow_embeddings > 0) overflow_embeddings--;
            else if (!isolate[top] && top > 0) top--;
        } else if (t == FRIBIDI_TYPE_PDI && valid_isolates > 0) {
            // X6a (an overflow isolate's PDI is handled above).
            overflow_embeddings = 0;
            while (!isolate[top]) top--;
            top--;
            valid_isolates--;
        }
    }
}
