/* A delaying X11 proxy: what `ssh -X` to a nearby server costs, on one machine.
 *
 * It listens on a display of its own (a Unix socket, /tmp/.X11-unix/X<n>) and
 * forwards every connection to the real display, holding each chunk read from
 * either side for a fixed delay before writing it on (so one round trip costs
 * twice the delay). It also reads the X protocol as it passes, to count the
 * round trips each client makes: a reply is a round trip when the client had
 * sent nothing after its request by the time the reply reached it, that is,
 * when the client sat waiting for it (Xlib's XSync, XInternAtom, XQueryExtension...).
 * A batch (XInternAtoms, XCB cookies) is one round trip: only its last reply
 * finds the client with nothing newer sent.
 *
 * usage: delay-proxy [--delay-ms N] [--stats FILE] [--verbose] [--listen N] TARGET
 *   TARGET   the real display, ":0" (its socket /tmp/.X11-unix/X0)
 *   --listen the display number to serve (default: the first free one from 100)
 *   --stats  a file rewritten after every reply: "connections C requests R replies P roundtrips T"
 *   --verbose one line on stderr per round trip (request, extension, minor opcode)
 * Once it listens it prints its display number and a newline on stdout (as
 * Xvfb -displayfd does). SIGTERM or SIGINT end it; each connection's totals go to stderr when it closes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNECTIONS 64
#define HEADER_CAP 64 /* bytes of each request or reply kept for parsing */

struct chunk {
    struct chunk *next;
    double due;
    size_t length, offset;
    unsigned char data[];
};

/* One direction of one connection: the chunks waiting for their time, and the protocol parser's state. */
struct direction {
    struct chunk *head, *tail;
    int bigEndian;
    int inSetup;               /* the connection setup (request or reply) comes first */
    unsigned char header[HEADER_CAP];
    size_t have, need;         /* header bytes held, header bytes wanted before parsing */
    uint64_t skip;             /* body bytes still to pass over */
    uint64_t wantTotal;        /* the current message's whole length once known */
};

struct connection {
    int client, server;
    int clientClosed, serverClosed;
    struct direction up, down; /* up: client to server (parsed on arrival); down: server to client (parsed on delivery) */
    uint64_t requests, replies, roundTrips;
    uint64_t lastWaitedSequence; /* the request whose reply was last counted (a request may have several replies) */
    unsigned char opcodeOf[65536];
    unsigned char minorOf[65536];
    char extensionAsked[256][32];       /* QueryExtension names by sequence & 0xff */
    char extensionName[128][32];               /* by major opcode - 128, learned from QueryExtension replies */
    int id;
};

static struct connection *connections[MAX_CONNECTIONS];
static double delay = 0.010;
static const char *statsPath;
static int verbose;
static uint64_t totalConnections, totalRequests, totalReplies, totalRoundTrips;
static char socketPath[108], lockPath[64];
static volatile sig_atomic_t stopping;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned read16(const unsigned char *p, int big) { return big ? (p[0] << 8 | p[1]) : (p[1] << 8 | p[0]); }
static uint32_t read32(const unsigned char *p, int big) {
    return big ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
               : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
}
static size_t pad4(size_t n) { return (n + 3) & ~(size_t)3; }

static void writeStats(void) {
    if (!statsPath) return;
    char temporary[512];
    snprintf(temporary, sizeof temporary, "%s.new", statsPath);
    FILE *f = fopen(temporary, "w");
    if (!f) return;
    fprintf(f, "connections %llu requests %llu replies %llu roundtrips %llu\n", (unsigned long long)totalConnections,
            (unsigned long long)totalRequests, (unsigned long long)totalReplies, (unsigned long long)totalRoundTrips);
    fclose(f);
    rename(temporary, statsPath);
}

static const char *coreName(int opcode) {
    switch (opcode) {
    case 3: return "GetWindowAttributes";
    case 14: return "GetGeometry";
    case 15: return "QueryTree";
    case 16: return "InternAtom";
    case 17: return "GetAtomName";
    case 20: return "GetProperty";
    case 23: return "GetSelectionOwner";
    case 26: return "GrabPointer";
    case 38: return "QueryPointer";
    case 40: return "TranslateCoordinates";
    case 43: return "GetInputFocus (XSync)";
    case 47: return "QueryFont";
    case 49: return "ListFonts";
    case 73: return "GetImage";
    case 84: return "AllocColor";
    case 85: return "AllocNamedColor";
    case 91: return "QueryColors";
    case 92: return "LookupColor";
    case 97: return "QueryBestSize";
    case 98: return "QueryExtension";
    case 99: return "ListExtensions";
    case 101: return "GetKeyboardMapping";
    case 103: return "GetKeyboardControl";
    case 119: return "GetModifierMapping";
    default: return "request";
    }
}

/* A whole request header is in (up to HEADER_CAP bytes of it). */
static void requestSeen(struct connection *c, const unsigned char *h, size_t have) {
    c->requests++;
    totalRequests++;
    unsigned sequence = (unsigned)(c->requests & 0xffff);
    c->opcodeOf[sequence] = h[0];
    c->minorOf[sequence] = h[1];
    if (h[0] == 98 && have >= 8) { /* QueryExtension: the name, to name the extension's requests later */
        unsigned n = read16(h + 4, c->up.bigEndian);
        if (n > 31) n = 31;
        if (8 + n > have) n = (unsigned)(have - 8);
        memcpy(c->extensionAsked[sequence & 0xff], h + 8, n);
        c->extensionAsked[sequence & 0xff][n] = 0;
    }
}

/* A whole reply header (32 bytes) reached the client. */
static void replyDelivered(struct connection *c, const unsigned char *h) {
    unsigned sequence = read16(h + 2, c->down.bigEndian);
    int opcode = c->opcodeOf[sequence];
    c->replies++;
    totalReplies++;
    if (opcode == 98) {
        const char *asked = c->extensionAsked[sequence & 0xff];
        int present = h[8], major = h[9];
        if (present && major >= 128) memcpy(c->extensionName[major - 128], asked, 32);
    }
    /* Waited for: nothing newer was sent. Counted once per request. */
    if (sequence == (c->requests & 0xffff) && c->lastWaitedSequence != c->requests) {
        c->lastWaitedSequence = c->requests;
        c->roundTrips++;
        totalRoundTrips++;
        if (verbose) {
            if (opcode == 98)
                fprintf(stderr, "delay-proxy: connection %d round trip %llu: QueryExtension(%s)\n", c->id,
                        (unsigned long long)c->roundTrips, c->extensionAsked[sequence & 0xff]);
            else if (opcode >= 128)
                fprintf(stderr, "delay-proxy: connection %d round trip %llu: %s minor %d\n", c->id, (unsigned long long)c->roundTrips,
                        c->extensionName[opcode - 128][0] ? c->extensionName[opcode - 128] : "extension", c->minorOf[sequence]);
            else
                fprintf(stderr, "delay-proxy: connection %d round trip %llu: %s (opcode %d)\n", c->id, (unsigned long long)c->roundTrips,
                        coreName(opcode), opcode);
        }
    }
    writeStats();
}

/* Feeds bytes of one direction to its parser. `up` is client to server. */
static void parse(struct connection *c, int up, const unsigned char *p, size_t n) {
    struct direction *d = up ? &c->up : &c->down;
    while (n > 0) {
        if (d->skip > 0) {
            size_t k = d->skip < n ? (size_t)d->skip : n;
            d->skip -= k, p += k, n -= k;
            continue;
        }
        size_t k = d->need - d->have < n ? d->need - d->have : n;
        memcpy(d->header + d->have, p, k);
        d->have += k, p += k, n -= k;
        if (d->have < d->need) continue;
        unsigned char *h = d->header;
        if (up && d->inSetup) {
            if (d->wantTotal == 0) { /* 12 bytes in: the byte order and the authorization lengths */
                d->bigEndian = h[0] == 'B';
                c->down.bigEndian = d->bigEndian;
                d->wantTotal = 12 + pad4(read16(h + 6, d->bigEndian)) + pad4(read16(h + 8, d->bigEndian));
            }
            d->skip = d->wantTotal - 12;
            d->inSetup = 0, d->wantTotal = 0, d->have = 0, d->need = 4;
        } else if (!up && d->inSetup) {
            d->skip = (uint64_t)read16(h + 6, d->bigEndian) * 4;
            d->inSetup = 0, d->have = 0, d->need = 32;
        } else if (up) {
            if (d->wantTotal == 0) {
                unsigned length = read16(h + 2, d->bigEndian);
                if (length == 0 && d->need < 8) { d->need = 8; continue; } /* BIG-REQUESTS: a 32-bit length follows */
                d->wantTotal = length == 0 ? (uint64_t)read32(h + 4, d->bigEndian) * 4 : (uint64_t)length * 4;
                if (d->wantTotal < d->need) d->wantTotal = d->need;
                size_t keep = d->wantTotal < HEADER_CAP ? (size_t)d->wantTotal : HEADER_CAP;
                if (keep > d->have) { d->need = keep; continue; }
            }
            requestSeen(c, h, d->have);
            d->skip = d->wantTotal - d->have;
            d->wantTotal = 0, d->have = 0, d->need = 4;
        } else {
            int type = h[0] & 0x7f;
            if (type == 1) replyDelivered(c, h);
            if (type == 1 || type == 35) d->skip = (uint64_t)read32(h + 4, d->bigEndian) * 4; /* a reply or a GenericEvent's extra bytes */
            d->have = 0, d->need = 32;
        }
    }
}

static void enqueue(struct direction *d, const unsigned char *data, size_t n) {
    struct chunk *k = malloc(sizeof *k + n);
    if (!k) { perror("delay-proxy: malloc"); exit(1); }
    k->next = NULL, k->due = now() + delay, k->length = n, k->offset = 0;
    memcpy(k->data, data, n);
    if (d->tail) d->tail->next = k; else d->head = k;
    d->tail = k;
}

static void freeQueue(struct direction *d) {
    while (d->head) { struct chunk *k = d->head; d->head = k->next; free(k); }
    d->tail = NULL;
}

static void closeConnection(int i) {
    struct connection *c = connections[i];
    if (c->client >= 0) close(c->client);
    if (c->server >= 0) close(c->server);
    freeQueue(&c->up);
    freeQueue(&c->down);
    fprintf(stderr, "delay-proxy: connection %d closed: %llu requests, %llu replies, %llu round trips\n", c->id,
            (unsigned long long)c->requests, (unsigned long long)c->replies, (unsigned long long)c->roundTrips);
    free(c);
    connections[i] = NULL;
}

static int connectTo(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

static void cleanup(void) {
    if (socketPath[0]) unlink(socketPath);
    if (lockPath[0]) unlink(lockPath);
}

static void onSignal(int s) { (void)s; stopping = 1; }

/* Sends what is due in `d` to `fd`; returns -1 when the peer is gone. */
static int deliver(struct connection *c, struct direction *d, int fd, int parseIt, double t) {
    while (d->head && d->head->due <= t) {
        struct chunk *k = d->head;
        /* Counted before the client can have read it, so that a reader of the
           stats file who heard from the client sees every reply it waited for. */
        if (parseIt && k->offset == 0) parse(c, 0, k->data, k->length);
        ssize_t w = write(fd, k->data + k->offset, k->length - k->offset);
        if (w < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
        k->offset += (size_t)w;
        if (k->offset < k->length) return 0;
        d->head = k->next;
        if (!d->head) d->tail = NULL;
        free(k);
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *target = NULL;
    int listenNumber = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--delay-ms") && i + 1 < argc) delay = atof(argv[++i]) / 1000;
        else if (!strcmp(argv[i], "--stats") && i + 1 < argc) statsPath = argv[++i];
        else if (!strcmp(argv[i], "--listen") && i + 1 < argc) listenNumber = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--verbose")) verbose = 1;
        else if (argv[i][0] != '-' && !target) target = argv[i];
        else { fprintf(stderr, "usage: delay-proxy [--delay-ms N] [--stats FILE] [--verbose] [--listen N] :DISPLAY\n"); return 2; }
    }
    if (!target) target = getenv("DISPLAY");
    const char *colon = target ? strrchr(target, ':') : NULL;
    if (!colon || colon[1] < '0' || colon[1] > '9' || delay < 0) {
        fprintf(stderr, "delay-proxy: need a local target display such as :0 and a delay of 0 ms or more\n");
        return 2;
    }
    char targetPath[108];
    snprintf(targetPath, sizeof targetPath, "/tmp/.X11-unix/X%d", atoi(colon + 1));
    int probe = connectTo(targetPath);
    if (probe < 0) { fprintf(stderr, "delay-proxy: cannot reach %s: %s\n", targetPath, strerror(errno)); return 1; }
    close(probe);

    mkdir("/tmp/.X11-unix", 01777);
    int listener = -1, number = listenNumber >= 0 ? listenNumber : 100;
    for (; number < 1000; number++) {
        /* The lock file as X servers make it, so that an Xvfb started later does not pick this number. */
        snprintf(lockPath, sizeof lockPath, "/tmp/.X%d-lock", number);
        int lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL, 0444);
        if (lock < 0) { lockPath[0] = 0; if (listenNumber >= 0) break; continue; }
        dprintf(lock, "%10d\n", (int)getpid());
        close(lock);
        snprintf(socketPath, sizeof socketPath, "/tmp/.X11-unix/X%d", number);
        listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un a = {.sun_family = AF_UNIX};
        snprintf(a.sun_path, sizeof a.sun_path, "%s", socketPath);
        if (listener >= 0 && bind(listener, (struct sockaddr *)&a, sizeof a) == 0 && listen(listener, 16) == 0) break;
        if (listener >= 0) close(listener);
        listener = -1;
        unlink(lockPath);
        lockPath[0] = socketPath[0] = 0;
        if (listenNumber >= 0) break;
    }
    if (listener < 0) { fprintf(stderr, "delay-proxy: no free display number to listen on\n"); return 1; }
    atexit(cleanup);
    signal(SIGTERM, onSignal);
    signal(SIGINT, onSignal);
    signal(SIGPIPE, SIG_IGN);
    writeStats();
    printf("%d\n", number);
    fflush(stdout);

    int nextId = 1;
    while (!stopping) {
        struct pollfd fds[1 + 2 * MAX_CONNECTIONS];
        int owner[1 + 2 * MAX_CONNECTIONS];
        int n = 0;
        fds[n++] = (struct pollfd){.fd = listener, .events = POLLIN};
        double t = now(), wake = -1;
        for (int i = 0; i < MAX_CONNECTIONS; i++) {
            struct connection *c = connections[i];
            if (!c) continue;
            if (!c->clientClosed) { owner[n] = i; fds[n++] = (struct pollfd){.fd = c->client, .events = POLLIN}; }
            if (!c->serverClosed) { owner[n] = i; fds[n++] = (struct pollfd){.fd = c->server, .events = POLLIN}; }
            if (c->up.head && (wake < 0 || c->up.head->due < wake)) wake = c->up.head->due;
            if (c->down.head && (wake < 0 || c->down.head->due < wake)) wake = c->down.head->due;
        }
        int timeout = wake < 0 ? -1 : (int)((wake - t) * 1000 + 0.999);
        if (timeout < 0 && wake >= 0) timeout = 0;
        if (poll(fds, n, timeout) < 0 && errno != EINTR) { perror("delay-proxy: poll"); return 1; }
        if (stopping) break;
        if (fds[0].revents & POLLIN) {
            int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
            int slot = -1;
            for (int i = 0; i < MAX_CONNECTIONS && slot < 0; i++) if (!connections[i]) slot = i;
            int server = client >= 0 && slot >= 0 ? connectTo(targetPath) : -1;
            if (server < 0) {
                if (client >= 0) close(client);
            } else {
                struct connection *c = calloc(1, sizeof *c);
                if (!c) { perror("delay-proxy: calloc"); return 1; }
                c->client = client, c->server = server, c->id = nextId++;
                c->up.inSetup = c->down.inSetup = 1;
                c->up.need = 12, c->down.need = 8;
                fcntl(client, F_SETFL, O_NONBLOCK);
                fcntl(server, F_SETFL, O_NONBLOCK);
                connections[slot] = c;
                totalConnections++;
            }
        }
        /* Read everything first, so that a client's newest request is known before a reply is delivered. */
        for (int j = 1; j < n; j++) {
            if (!(fds[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            struct connection *c = connections[owner[j]];
            if (!c) continue;
            unsigned char buffer[65536];
            ssize_t r = read(fds[j].fd, buffer, sizeof buffer);
            if (r < 0 && (errno == EAGAIN || errno == EINTR)) continue;
            int fromClient = fds[j].fd == c->client;
            if (r <= 0) {
                if (fromClient) c->clientClosed = 1; else c->serverClosed = 1;
                continue;
            }
            if (fromClient) {
                parse(c, 1, buffer, (size_t)r);
                enqueue(&c->up, buffer, (size_t)r);
            } else {
                enqueue(&c->down, buffer, (size_t)r);
            }
        }
        t = now();
        for (int i = 0; i < MAX_CONNECTIONS; i++) {
            struct connection *c = connections[i];
            if (!c) continue;
            if (!c->serverClosed && deliver(c, &c->up, c->server, 0, t) < 0) c->serverClosed = 1;
            if (!c->clientClosed && deliver(c, &c->down, c->client, 1, t) < 0) c->clientClosed = 1;
            /* A side that closed ends the connection once what it sent has been passed on. */
            if ((c->clientClosed && !c->up.head) || (c->serverClosed && !c->down.head)) closeConnection(i);
        }
    }
    for (int i = 0; i < MAX_CONNECTIONS; i++) if (connections[i]) closeConnection(i);
    return 0;
}
