import NIOCore
import NIOPosix

/// The threads photos are decoded and encoded on: their own, never the pool that checks
/// passwords (`NIOThreadPool.singleton`), and one fewer than the machine's cores, so photos
/// being processed never keep log-ins or reads waiting for a core.
enum PhotoProcessingThreads {
    static let shared: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, System.coreCount - 1))
        pool.start()
        return pool
    }()
}
