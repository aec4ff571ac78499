import BuyflowCore
import CFuzzerDriver
import Foundation
import HTTPServer
import SampleShop

/// One sample shop for the whole run, without faults and without a listening socket.
let shop: SampleShop = try! SampleShop(SampleShop.Options(maxBodySize: 64 << 10))

/// libFuzzer entry point: raw HTTP/1.1 request bytes (request line, header lines, an
/// empty line, the body), read the way the server hands them over, then answered by the
/// sample shop's handler. Every answer must be an HTTP status with a JSON body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShopHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let request = RawRequest.parse(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    switch shop.handle(request) {
    case .respond(let response), .after(_, let response):
        check(response)
    case .drop:
        fatalError("a request was dropped although no fault is enabled")
    case .deferred:
        fatalError("a deferred reply although no fault is enabled")
    }
    return 0
}

/// Every answer of the shop: a status from 200 to 599 and a JSON body.
func check(_ response: HTTPResponse) {
    guard (200...599).contains(response.status) else { fatalError("status \(response.status)") }
    do {
        _ = try JSONParser(path: "response").parse(bytes: response.body)
    } catch {
        fatalError("the \(response.status) answer is not JSON: \(String(decoding: response.body, as: UTF8.self))")
    }
}

/// A lenient reading of request bytes, like libmicrohttpd's: `METHOD target HTTP/1.1`,
/// `Name: value` lines, then the body after the first empty line.
enum RawRequest {
    static func parse(_ bytes: [UInt8]) -> HTTPRequest? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd = bytes.count
        var bodyStart = bytes.count
        if bytes.count >= 4 {
            for index in 0...(bytes.count - 4) where Array(bytes[index..<index + 4]) == separator {
                headEnd = index
                bodyStart = index + 4
                break
            }
        }
        let head = String(decoding: bytes[0..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count >= 2 else { return nil }
        let method = String(requestLine[0])
        let target = String(requestLine[1])
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pathPart[0]).removingPercentEncoding ?? String(pathPart[0])
        var items: [HTTPRequest.QueryItem] = []
        if pathPart.count == 2 {
            for item in pathPart[1].split(separator: "&") {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                items.append(HTTPRequest.QueryItem(name: decode(parts[0]), value: parts.count == 2 ? decode(parts[1]) : nil))
            }
        }
        return HTTPRequest(
            method: method, path: path, queryItems: items, headers: headers, body: Array(bytes[bodyStart...]),
            remoteAddress: "127.0.0.1:40000")
    }
}

/// The executable's entry point (SwiftPM names it `fuzz_shop_http_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_shop_http_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzShopHTTP(data, size) }
}
