#ifndef SEGMENTED_STRIP_EARLY_SIGNALS_H
#define SEGMENTED_STRIP_EARLY_SIGNALS_H

/* No API: linked into the demo, this target sets its signal mask before any
   Swift code runs. SIGINT, SIGTERM, SIGQUIT and SIGHUP are blocked by a
   function the dynamic loader calls before the libraries' own initializers
   (.preinit_array), so that one arriving while the Swift runtime starts
   stays pending for the Dispatch signal source that reads it later, and is
   never its default action. Children a library forks get them unblocked;
   SIGPIPE is ignored. */

#endif
