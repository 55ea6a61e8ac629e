// The strip's accessible objects for the AT-SPI bridge: ATK objects (an
// application, frames, page tab lists with their page tabs, labels) that ask
// Swift for everything they report through the callbacks below and hold no
// copy of it. ATK, GObject, GLib and the bridge are loaded with dlopen by
// strip_acc_load, so a program that never finds an accessibility bus never
// maps them. Everything here runs on the main thread, except strip_acc_load
// and strip_acc_start, which block on the bus and run on a thread of their
// own while the main thread leaves ATK alone.
#ifndef STRIP_ACCESSIBILITY_H
#define STRIP_ACCESSIBILITY_H

#include <stdint.h>

/// What an object is (its ATK role follows).
typedef enum {
    STRIP_ACC_FRAME = 1,
    STRIP_ACC_PAGE_TAB_LIST = 2,
    STRIP_ACC_LABEL = 3,
    /// A popup menu: a list like a page tab list whose children are menu items.
    STRIP_ACC_MENU = 4,
} StripAccKind;

/// State flags the Swift side reports for an object or one of a list's tabs.
enum {
    STRIP_ACC_SHOWING = 1,
    STRIP_ACC_FOCUSED = 2,
    STRIP_ACC_SELECTED = 4,
    /// A frame that has the keyboard focus (the active window).
    STRIP_ACC_ACTIVE = 8,
    /// A tab whose item is disabled: neither ENABLED nor SENSITIVE, and its action refuses.
    STRIP_ACC_DISABLED = 16,
};

/// The Swift side. `handle` is what was given to strip_acc_node_new; `index`
/// is a tab's index in a page tab list (an item's in a menu), or -1 for the object itself.
/// Coordinates are desktop pixels (the root window's).
typedef struct {
    /// The name, malloc'd UTF-8 (the caller frees it), or NULL for none.
    char *(*name)(void *handle, int32_t index);
    /// The number of tabs of a page tab list.
    int32_t (*count)(void *handle);
    /// The selected tab (-1: none).
    int32_t (*selected)(void *handle);
    /// STRIP_ACC_* flags.
    int32_t (*state)(void *handle, int32_t index);
    /// The extents.
    void (*extents)(void *handle, int32_t index, int32_t *x, int32_t *y, int32_t *width, int32_t *height);
    /// The tab a click at (x, y) would select (-1: none).
    int32_t (*hit)(void *handle, int32_t x, int32_t y);
    /// Selects a tab as a user would; returns 1 when the index exists and the tab is enabled.
    int32_t (*select)(void *handle, int32_t index);
    /// A tab's description (its tooltip, its badge), malloc'd UTF-8 (the caller frees it), or NULL for none.
    char *(*description)(void *handle, int32_t index);
    /// Whether the tabs can be closed (a second action, "close").
    int32_t (*closable)(void *handle);
    /// Asks to close a tab as a user would; returns 1 when the index exists and the tabs are closable.
    int32_t (*close)(void *handle, int32_t index);
} StripAccCallbacks;

/// Loads libatk-bridge-2.0 (and with it ATK, GObject and GLib). Returns 0, or
/// -1 with a message in `error` (a static string or dlerror's).
int strip_acc_load(const char **error);

/// Makes the application object (named `app_name`) the first time, points
/// ATK's root at it and starts the bridge, which connects to the bus at
/// AT_SPI_BUS_ADDRESS and registers the application there: it blocks until
/// the bus answers (libdbus gives up after 25 s). Returns 0, or -1 when the
/// bridge could not join the bus. `reason` is then what the bridge logged
/// about it (or NULL), valid until the next start. `lost` is called on the
/// main thread, from strip_acc_turn, when the joined bus closes the
/// connection. GLib warnings of the bridge, ATK and dbind are from now on
/// written to stderr as one line, "app_name: accessibility: message".
int strip_acc_start(const char *app_name, const char *toolkit_version, const StripAccCallbacks *callbacks,
                    void (*lost)(void), const char **reason);
/// Leaves the bus (atk_bridge_adaptor_cleanup): the objects stay, and
/// strip_acc_start may join a bus again.
void strip_acc_stop(void);
/// A new object of `kind` under `parent` (NULL: the application), appended
/// to its children. The returned pointer is the object (one reference, the
/// caller's).
void *strip_acc_node_new(StripAccKind kind, void *parent, void *handle);

/// The object goes away: it becomes defunct, leaves its parent (which emits
/// children-changed) and asks Swift nothing more; the caller's reference is dropped.
void strip_acc_node_remove(void *node);

/// A page tab list's selection moved from `old_index` to `new_index` (-1:
/// none): state-changed:selected off and on, selection-changed, and, when
/// `focused`, state-changed:focused moving with it.
void strip_acc_selection_changed(void *list, int32_t old_index, int32_t new_index, int32_t focused);

/// Keyboard focus came to (or left) a page tab list: state-changed:focused
/// on its selected tab.
void strip_acc_focus_changed(void *list, int32_t focused);

/// A page tab list's items changed (inserted, removed, moved, reloaded):
/// `sources[j]` is the index the item now at `j` had before, -1 for a new
/// item; `count` is the new count. The tab objects follow their items: a
/// removed item's tab becomes defunct (children-changed::remove), a moved
/// one is removed and added at its new index (the tabs off the longest run
/// that kept its order), a new one is added (children-changed::add; the
/// first 256 new ones), a kept one whose title changed says so
/// (property-change:accessible-name; looked at only when `check_names`: a
/// reload or an item set, not an insert, removal or move). The selection is told by item:
/// state-changed:selected off on the item that was selected (`old_selected`,
/// an old index) and on on the one selected now, with selection-changed,
/// only when they differ.
void strip_acc_items_changed(void *list, const int32_t *sources, int32_t count, int32_t old_selected, int32_t focused,
                             int32_t check_names);

/// A frame's window gained or lost the keyboard focus: state-changed:active
/// and window:activate or window:deactivate, by which screen readers follow
/// the active window.
void strip_acc_window_activated(void *frame, int32_t active);

/// The object's name changed (property-change:accessible-name).
void strip_acc_name_changed(void *node);

/// One descriptor GLib's main context wants watched.
typedef struct {
    int32_t fd;
    /// Poll events (POLLIN, POLLOUT...).
    int16_t events;
} StripAccWatch;

/// One turn of GLib's default main context, run from the caller's event loop:
/// polls (without waiting) the descriptors of the last turn, dispatches what
/// is ready, then prepares the next turn. Returns how many descriptors to
/// watch until then (read them with strip_acc_watch) and sets `timeout_ms` to
/// the longest wait before the next turn (-1: none, only the descriptors).
int32_t strip_acc_turn(int32_t *timeout_ms);

/// Descriptor `index` (0 ..< what strip_acc_turn returned) to watch.
StripAccWatch strip_acc_watch(int32_t index);

#endif
