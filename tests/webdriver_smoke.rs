//! The WebDriver client of `tests/common/webdriver.rs` drives a real
//! headless Chromium: it opens a page served here, clicks, types, reads
//! the page back and takes a screenshot. Skipped (with a note on stderr)
//! where Chromium is not installed, unless `AGON_REQUIRE_BROWSER` is set.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::webdriver::{browser_available, Browser};

const PAGE: &str = "<!doctype html>
<html><head><meta charset=utf-8><title>smoke</title></head>
<body>
<button id=b onclick=\"document.body.dataset.clicked = 'yes'\">Press</button>
<input id=t>
</body></html>";

/// Serves `PAGE` at `/` (and 404 elsewhere) on a localhost port until
/// dropped.
struct PageServer {
    url: String,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl PageServer {
    fn start() -> PageServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a localhost port");
        let addr = listener.local_addr().expect("local address");
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    return;
                }
                if let Ok(stream) = stream {
                    serve(stream);
                }
            }
        });
        PageServer {
            url: format!("http://{addr}/"),
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for PageServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees `stop`.
        if let Some(addr) = self.url.strip_prefix("http://") {
            let _ = TcpStream::connect(addr.trim_end_matches('/'));
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Answers one request: the page at `/`, 404 elsewhere.
fn serve(mut stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
    let mut request = Vec::new();
    let mut chunk = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 64 << 10 {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&chunk[..n]),
        }
    }
    let first = String::from_utf8_lossy(&request);
    let (status, body) = if first.starts_with("GET / ") {
        ("200 OK", PAGE)
    } else {
        ("404 Not Found", "not here")
    };
    let reply = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(reply.as_bytes());
}

#[test]
fn webdriver_clicks_types_reads_and_screenshots() {
    if !browser_available() {
        if std::env::var_os("AGON_REQUIRE_BROWSER").is_some() {
            panic!("chromium and chromium-driver are required (AGON_REQUIRE_BROWSER is set)");
        }
        eprintln!(
            "webdriver_smoke: skipped: no chromium/chromedriver \
             (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let start = Instant::now();
    let server = PageServer::start();
    let browser = Browser::start().unwrap_or_else(|e| panic!("start the browser: {e}"));
    let started = start.elapsed();
    let check = |what: &str, r: Result<(), String>| {
        if let Err(e) = r {
            panic!("{what}: {e}");
        }
    };
    check("set the window size", browser.set_window_size(1000, 800));
    check("open the page", browser.goto(&server.url));
    check("click #b", browser.click("#b"));
    check("type into #t", browser.send_keys("#t", "hello"));
    check(
        "wait for the click",
        browser.wait_for(
            "return document.body.dataset.clicked === 'yes'",
            Duration::from_secs(10),
        ),
    );
    let got = browser
        .execute(
            "return [document.body.dataset.clicked, document.getElementById(arguments[0]).value]",
            vec![json!("t")],
        )
        .unwrap_or_else(|e| panic!("read the page: {e}"));
    assert_eq!(got, json!(["yes", "hello"]));
    assert!(
        browser
            .wait_for("return false", Duration::from_millis(200))
            .is_err(),
        "wait_for gives up at its timeout"
    );
    assert!(
        browser.find("#nothing-here").is_err(),
        "a missing element is an error"
    );
    let shot = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/webdriver-smoke.png");
    let _ = std::fs::remove_file(&shot);
    check("screenshot", browser.screenshot(&shot));
    let png = std::fs::read(&shot).unwrap_or_else(|e| panic!("read {}: {e}", shot.display()));
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{} is not a PNG",
        shot.display()
    );
    drop(browser);
    eprintln!(
        "webdriver_smoke: browser started in {started:.2?}, whole test {:.2?}",
        start.elapsed()
    );
}
