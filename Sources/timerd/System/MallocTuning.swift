import CLinux

/// How the daemon asks glibc's malloc to give memory back.
enum MallocTuning {
    /// Blocks this large or larger are mapped on their own and unmapped when freed.
    static let mmapThreshold: Int32 = 128 * 1024

    /// glibc maps large blocks on their own, but after freeing one it raises that threshold
    /// to the block's size (up to 32 MiB): the next `list` reply, or the timers read at
    /// start-up, then come from the heap of whichever thread allocates them, and the heap
    /// keeps the memory once they are freed, so resident memory grew with every long reply
    /// (bench/analysis.md, "Checkpoints and the heap"). Setting the threshold fixes it where it
    /// starts.
    static func apply() {
        if mallopt(M_MMAP_THRESHOLD, mmapThreshold) != 1 { Log.warning("mallopt(M_MMAP_THRESHOLD) failed") }
    }
}
