#ifndef BUYFLOW_THREAD_SHIM_H
#define BUYFLOW_THREAD_SHIM_H

// Thread placement on Linux, which Swift's Glibc module leaves out (GNU extensions).
// Elsewhere the calls do nothing.
#if defined(__linux__)
#include <unistd.h>
#include <sys/syscall.h>

/// The CPU the calling thread runs on, or -1.
static inline int buyflow_current_cpu(void) {
    unsigned cpu = 0;
    return syscall(SYS_getcpu, &cpu, (void *)0, (void *)0) == 0 ? (int)cpu : -1;
}

/// The calling thread's id (for `buyflow_avoid_cpu`).
static inline int buyflow_thread_id(void) {
    return (int)syscall(SYS_gettid);
}

/// Lets thread `thread` (0: the calling one) run on the CPUs the process's main thread
/// may use, but `cpu`; nothing when `cpu` is the only one. 0 on success. (From the main
/// thread's set, not the thread's own: called again for another `cpu`, the set does not
/// shrink.)
static inline int buyflow_avoid_cpu(int thread, int cpu) {
    unsigned long mask[16] = {0};
    const int bits = (int)(sizeof(unsigned long) * 8);
    if (cpu < 0 || cpu >= (int)(sizeof mask * 8)) return -1;
    if (syscall(SYS_sched_getaffinity, getpid(), sizeof mask, mask) < 0) return -1;
    mask[cpu / bits] &= ~(1UL << (cpu % bits));
    int others = 0;
    for (int index = 0; index < 16; index++) others |= mask[index] != 0;
    if (!others) return -1;
    return (int)syscall(SYS_sched_setaffinity, thread, sizeof mask, mask);
}
#else
static inline int buyflow_current_cpu(void) { return -1; }
static inline int buyflow_thread_id(void) { return 0; }
static inline int buyflow_avoid_cpu(int thread, int cpu) { (void)thread; (void)cpu; return -1; }
#endif

#endif
