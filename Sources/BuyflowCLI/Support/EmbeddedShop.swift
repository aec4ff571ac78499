import Foundation
import SampleShop
import Synchronization

/// The sample shop a command starts in-process, on a free loopback port, when a workflow
/// names no shop and no `--url`/`--domain` is given; started on first use. `buyflow run`
/// makes one per workflow file, so a file's carts and orders (order `#1001` first) never
/// depend on the files that ran before it or beside it (`--jobs`).
final class EmbeddedShop: Sendable {
    private let shop = Mutex<SampleShop?>(nil)

    /// The shop's endpoint, starting it if needed.
    func endpoint() throws -> URL {
        try shop.withLock { shop in
            if let shop { return shop.endpoint }
            let started = try SampleShop(SampleShop.Options())
            try started.start()
            shop = started
            return started.endpoint
        }
    }

    func stop() {
        shop.withLock { shop in
            shop?.stop()
            shop = nil
        }
    }
}
