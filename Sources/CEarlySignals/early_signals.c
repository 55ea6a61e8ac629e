#include "early_signals.h"

#include <pthread.h>
#include <signal.h>

/* SIGINT, SIGTERM, SIGQUIT and SIGHUP: the signals the demo reads through Dispatch sources. */
static void termination_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGQUIT);
    sigaddset(set, SIGHUP);
}

/* A program a library forks (D-Bus's autolaunch did) must not inherit the
   mask: only SIGKILL would end it. Runs in the child between fork and exec. */
static void unblock_in_child(void) {
    sigset_t set;
    termination_signals(&set);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/* Blocked in the only thread there is, they stay blocked in every thread made
   later. (Ignoring them instead, as Dispatch's documentation suggests, lost
   those that arrived before their sources existed.) */
static void block_at_start(int argc, char **argv, char **envp) {
    (void)argc, (void)argv, (void)envp;
    sigset_t set;
    termination_signals(&set);
    sigprocmask(SIG_BLOCK, &set, NULL);
    pthread_atfork(NULL, NULL, unblock_in_child);
    /* A closed --trace reader or stderr must not kill the demo: writes then fail with EPIPE. */
    signal(SIGPIPE, SIG_IGN);
}

/* Called by the dynamic loader once every library is mapped and relocated,
   before any library's initializer runs (the Swift runtime's among them; a
   constructor would run after them). Only an executable has this section. */
__attribute__((section(".preinit_array"), used))
static void (*const early_signals_preinit)(int, char **, char **) = block_at_start;
