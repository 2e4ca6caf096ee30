import Foundation
import TestSupport
import Testing
import Project
@testable import Online

/// The real page fetcher against a server on 127.0.0.1: status, content type, redirects, the size cap,
/// the timeout and the schemes it refuses.
@Suite struct PageFetcherTests {
    @Test func aPageWithItsStatusTypeAndBody() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        #expect(SystemPageFetcher(timeout: 5).fetch("\(server.base)/ok")
            == .page(WebPage(status: 200, contentType: "text/html", body: "<p>Privacy</p>")))
        #expect(SystemPageFetcher(timeout: 5).fetch("\(server.base)/missing") == .page(WebPage(status: 404, contentType: nil)))
    }

    @Test func redirectsAreFollowedButNotForever() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        #expect(SystemPageFetcher(timeout: 5).fetch("\(server.base)/redirect")
            == .page(WebPage(status: 200, contentType: "text/html", body: "<p>Privacy</p>")))
        guard case .failure(let message) = SystemPageFetcher(timeout: 5).fetch("\(server.base)/loop") else {
            Issue.record("a redirect loop gave a page")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func aRedirectToAnotherSchemeIsRefused() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        guard case .failure = SystemPageFetcher(timeout: 5).fetch("\(server.base)/to-file") else {
            Issue.record("a redirect to file:// was followed")
            return
        }
    }

    @Test func theBodyStopsAtTheCap() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        guard case .page(let page) = SystemPageFetcher(timeout: 10).fetch("\(server.base)/big") else {
            Issue.record("no page")
            return
        }
        #expect(page.status == 200)
        #expect(page.body.utf8.count == WebPage.maxBodyBytes)
    }

    @Test func compressedBodiesAreDecoded() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        #expect(SystemPageFetcher(timeout: 5).fetch("\(server.base)/gzip") == .page(WebPage(status: 200, contentType: "text/plain", body: "unzipped")))
    }

    @Test func aSlowServerIsATimeout() throws {
        let server = try LocalWebServer.start()
        defer { server.stop() }
        #expect(SystemPageFetcher(timeout: 1).fetch("\(server.base)/slow") == .failure("no answer within 1 seconds"))
    }

    @Test func notAURLIsAFailure() {
        #expect(SystemPageFetcher().fetch("") == .failure("not a URL"))
    }

    #if !canImport(Darwin)
    @Test func libcurlIsLoadedOnlyWhenAsked() {
        #expect(SystemPageFetcher().prepare() == nil)
        do {
            _ = try CurlLibrary.load(soname: "libcurl-not-installed.so.4")
            Issue.record("a missing library loaded")
        } catch {
            #expect(error.message.hasPrefix("--online needs libcurl (libcurl4 on Debian/Ubuntu); it could not be loaded: libcurl-not-installed.so.4"))
        }
    }
    #endif
}

/// The handler of the fetcher tests' server (status, redirects, gzip, the size cap, a slow answer), on a free port.
enum LocalWebServer {
    static let script = """
    import gzip, http.server, time
    class H(http.server.BaseHTTPRequestHandler):
        def send(self, status, headers, body=b""):
            self.send_response(status)
            for k, v in headers: self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers(); self.wfile.write(body)
        def do_GET(self):
            if self.path == "/ok": self.send(200, [("Content-Type", "Text/HTML; charset=utf-8")], b"<p>Privacy</p>")
            elif self.path == "/redirect": self.send(302, [("Location", "/ok")])
            elif self.path == "/loop": self.send(302, [("Location", "/loop")])
            elif self.path == "/to-file": self.send(302, [("Location", "file:///etc/hostname")])
            elif self.path == "/big": self.send(200, [("Content-Type", "text/plain")], b"a" * (3 << 20))
            elif self.path == "/gzip": self.send(200, [("Content-Type", "text/plain"), ("Content-Encoding", "gzip")], gzip.compress(b"unzipped"))
            elif self.path == "/slow": time.sleep(4); self.send(200, [], b"late")
            else: self.send(404, [])
        def log_message(self, *args): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

    static func start() throws -> LocalHTTPServer { try LocalHTTPServer(script: script) }
}
