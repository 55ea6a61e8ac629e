#!/usr/bin/python3
"""An AT-SPI client for the accessibility tests, through pyatspi (the library
Orca uses): reads one JSON command per line on stdin and answers each with one
JSON line on stdout. Run with the system python3 (Debian python3-pyatspi),
with DISPLAY and DBUS_SESSION_BUS_ADDRESS of a session whose accessibility
bus runs (the root window's AT_SPI_BUS property).

Commands ({"cmd": ..., fields}); objects are found by the application's
process id ("pid") and a path of child indices from the application ("path"):
  find       pid [timeout]         waits until the application is on the bus
  tree       pid                   the application's objects, page tabs included
  select     pid path index        Selection.selectChild(index) on the list at path
  selection  pid path              nSelectedChildren, getSelectedChild(0), and what
                                   deselectSelectedChild(0) and clearSelection() answer
  action     pid path [run] [index] the tab's actions (names), and doAction(index, 0 by
                                   default) when run
  at_point   pid path x y [coords] getAccessibleAtPoint(x, y, desktop, or window when
                                   coords is "window") on the object at path
  extents    pid path coords       getExtents in "desktop" or "window" coordinates
  listen     types                 registers an event listener for the event types
  events     count timeout [pid] [until]
                                   the events heard (from process `pid` only, when
                                   given), once `count` have arrived (or, with
                                   `until`, one of that type) or after `timeout` seconds
  quit
"""
import json
import sys
import time

import pyatspi
from gi.repository import GLib

heard = []


def states(acc):
    return sorted(pyatspi.stateToString(s) for s in acc.getState().getStates())


def extents(acc):
    try:
        e = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return [e.x, e.y, e.width, e.height]
    except NotImplementedError:
        return None


def describe(acc, depth=0):
    item = {
        "role": acc.getRoleName(),
        "name": acc.name,
        "description": acc.description,
        "index": acc.getIndexInParent(),
        "states": states(acc),
        "extents": extents(acc),
        "interfaces": sorted(acc.get_interfaces()),
    }
    if depth < 3:
        item["children"] = [describe(acc.getChildAtIndex(i), depth + 1) for i in range(acc.childCount)]
    return item


def application(pid, timeout=20.0):
    """The application of process `pid`, waiting for it to register."""
    deadline = time.monotonic() + timeout
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        if time.monotonic() > deadline:
            raise RuntimeError("no application with process id %d on the accessibility bus" % pid)
        pump(0.01)


def find(command):
    acc = application(command["pid"])
    for i in command.get("path", []):
        acc = acc.getChildAtIndex(i)
        if acc is None:
            raise RuntimeError("no child %d on the path %r" % (i, command["path"]))
    return acc


def pump(seconds):
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not context.iteration(False):
            time.sleep(0.005)


def process_id(acc):
    try:
        return acc.get_application().get_process_id()
    except Exception:  # its application has gone
        return None


def read(source, getter):
    """What `getter` reads from `source`, or None once its object has left the bus (a closed menu's items)."""
    try:
        return getter(source) if source else None
    except Exception:
        return None


def on_event(event):
    source = event.source
    heard.append({
        "pid": process_id(source) if source else None,
        "type": event.type,
        "role": read(source, lambda s: s.getRoleName()),
        "name": read(source, lambda s: s.name),
        "index": read(source, lambda s: s.getIndexInParent()),
        "detail1": event.detail1,
        "detail2": event.detail2,
    })


def run(command):
    cmd = command["cmd"]
    if cmd == "find":
        application(command["pid"], command.get("timeout", 20.0))
        return {"found": True}
    if cmd == "tree":
        return describe(application(command["pid"]))
    if cmd == "select":
        return {"result": bool(find(command).querySelection().selectChild(command["index"]))}
    if cmd == "selection":
        selection = find(command).querySelection()
        count = selection.nSelectedChildren
        child = selection.getSelectedChild(0) if count else None
        return {
            "count": count,
            "selected": None if child is None else {"name": child.name, "index": child.getIndexInParent()},
            "deselect": bool(selection.deselectSelectedChild(0)),
            "clear": bool(selection.clearSelection()),
        }
    if cmd == "action":
        action = find(command).queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        ran = bool(action.doAction(command.get("index", 0))) if command.get("run") else None
        return {"names": names, "ran": ran}
    if cmd == "at_point":
        coords = pyatspi.WINDOW_COORDS if command.get("coords") == "window" else pyatspi.DESKTOP_COORDS
        child = find(command).queryComponent().getAccessibleAtPoint(command["x"], command["y"], coords)
        return {"hit": None if child is None else {"name": child.name, "index": child.getIndexInParent()}}
    if cmd == "extents":
        kind = {"desktop": pyatspi.DESKTOP_COORDS, "window": pyatspi.WINDOW_COORDS}
        e = find(command).queryComponent().getExtents(kind[command["coords"]])
        return {"extents": [e.x, e.y, e.width, e.height]}
    if cmd == "listen":
        for kind in command["types"]:
            pyatspi.Registry.registerEventListener(on_event, kind)
        return {"listening": command["types"]}
    if cmd == "events":
        pid = command.get("pid")
        deadline = time.monotonic() + command["timeout"]
        until = command.get("until")

        def done():
            mine = [e for e in heard if pid is None or e["pid"] == pid]
            if until is not None:
                return any(e["type"] == until for e in mine)
            return len(mine) >= command["count"]

        while not done() and time.monotonic() < deadline:
            pump(0.02)
        events = [e for e in heard if pid is None or e["pid"] == pid]
        heard.clear()
        return {"events": events}
    raise RuntimeError("unknown command %r" % cmd)


def main():
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        if command.get("cmd") == "quit":
            break
        try:
            answer = run(command)
        except Exception as error:  # reported to the test, which fails with it
            answer = {"error": "%s: %s" % (type(error).__name__, error)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
