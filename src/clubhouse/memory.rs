//! The club's memory, given back: a server that held a thousand members should not keep
//! their pages once they have left. With glibc, a terminal's screen buffers (some 80 kB
//! each) are kept apart in mappings of their own, which go back to the system when freed,
//! the threads share one heap (the server's threads are few and mostly asleep), and after
//! many departures what is free in it is returned (`malloc_trim`). Elsewhere the system's
//! allocator is left as it is.

/// Sets the allocator up for a long-running server, before anyone comes.
pub(super) fn settle() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt takes two integers and changes only how later allocations are made.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 64 * 1024);
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Returns the heap's free pages to the system.
pub(super) fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim takes no pointer; it only returns free pages to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
