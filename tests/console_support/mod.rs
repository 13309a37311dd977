//! What the console's tests share: plain HTTP/1.1 to a served edge (one request a connection), a
//! signed-in session, and headless Chromium, by its command line or by the DevTools protocol over a
//! small WebSocket client.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// An answer of the edge.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// Returns the values of the header `name`.
    pub fn header_all(&self, name: &str) -> Vec<&str> {
        self.headers.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str()).collect()
    }

    /// Returns the value of the header `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.header_all(name).into_iter().next()
    }

    /// Returns the value the cookie `name` is set to, when the answer sets it.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.header_all("set-cookie")
            .into_iter()
            .filter_map(|c| c.split(';').next()?.split_once('=').filter(|(n, _)| *n == name).map(|(_, v)| v.to_owned()))
            .next()
    }
}

/// Sends one request to `base` (`http://127.0.0.1:PORT`) and returns the answer.
pub fn request(base: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(host).expect("the edge listens");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("the request is sent");
    stream.write_all(body.as_bytes()).expect("the body is sent");
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).expect("a status line");
    let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let mut headers = Vec::new();
    let mut chunked = false;
    let mut length = None;
    loop {
        line.clear();
        reader.read_line(&mut line).expect("a header line");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            chunked |= name.eq_ignore_ascii_case("transfer-encoding") && value.trim() == "chunked";
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
            headers.push((name.to_owned(), value.trim().to_owned()));
        }
    }
    // Some servers (Chromium's DevTools) keep the connection open after a body of known length.
    let mut bytes = vec![0u8; length.unwrap_or(0)];
    match length {
        Some(_) => reader.read_exact(&mut bytes).expect("the body"),
        None => {
            reader.read_to_end(&mut bytes).expect("the body");
        }
    }
    let body = if chunked { unchunk(&bytes) } else { bytes };
    Answer { status, headers, body: String::from_utf8_lossy(&body).into_owned() }
}

fn unchunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = bytes.windows(2).position(|w| w == b"\r\n") else { return out };
        let size = usize::from_str_radix(std::str::from_utf8(&bytes[..end]).unwrap_or("0").trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&bytes[start..(start + size).min(bytes.len())]);
        bytes = &bytes[(start + size + 2).min(bytes.len())..];
    }
}

/// Returns `text` escaped for a form's value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Returns the value of the first hidden `csrf` field of a page.
pub fn csrf_of(page: &str) -> String {
    let marker = r#"name="csrf" value=""#;
    let start = page.find(marker).expect("a form with a CSRF token") + marker.len();
    page[start..].split('"').next().expect("a value").to_owned()
}

/// A person signed in to a served edge's console.
#[derive(Debug, Clone)]
pub struct Session {
    pub base: String,
    pub cookie: String,
    pub csrf: String,
}

impl Session {
    /// Signs in with `token` through the sign-in form.
    pub fn sign_in(base: &str, token: &str) -> Self {
        let form = request(base, "GET", "/console/sign-in", &[], "");
        let tie = form.cookie("oz0_console_sign_in").expect("the form ties itself to the browser");
        let body = format!("csrf={}&token={}&next=%2Fconsole%2Fjobs", csrf_of(&form.body), encode(token));
        let signed =
            request(base, "POST", "/console/sign-in", &[("Cookie", &format!("oz0_console_sign_in={tie}"))], &body);
        assert_eq!(signed.status, 303, "{}", signed.body);
        let cookie = signed.cookie("oz0_console").expect("a session cookie");
        let jobs = request(base, "GET", "/console/jobs", &[("Cookie", &format!("oz0_console={cookie}"))], "");
        assert_eq!(jobs.status, 200, "{}", jobs.body);
        Self { base: base.to_owned(), cookie, csrf: csrf_of(&jobs.body) }
    }

    pub fn get(&self, path: &str) -> Answer {
        request(&self.base, "GET", path, &[("Cookie", &format!("oz0_console={}", self.cookie))], "")
    }

    /// Posts `body` with the session's cookie and the extra `headers`.
    pub fn post(&self, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
        let cookie = format!("oz0_console={}", self.cookie);
        let mut all = vec![("Cookie", cookie.as_str())];
        all.extend_from_slice(headers);
        request(&self.base, "POST", path, &all, body)
    }

    /// Returns a one-time link that signs this person in on a browser and opens `next`.
    pub fn link(&self, next: &str) -> String {
        let page = self.post("/console/sign-in/link", &[], &format!("csrf={}", self.csrf));
        assert_eq!(page.status, 200, "{}", page.body);
        let start = page.body.find("/console/sign-in?code=").expect("a link");
        let path: String = page.body[start..].chars().take_while(|c| *c != '"').collect();
        format!("{}{path}&next={}", self.base, encode(next))
    }
}

/// Returns the headless Chromium to drive: `OZ0_TEST_CHROMIUM`, which `scripts/test` sets. Unset, the
/// test fails saying so: the console's browser tests are never skipped.
pub fn chromium() -> PathBuf {
    std::env::var_os("OZ0_TEST_CHROMIUM").map(PathBuf::from).filter(|p| p.exists()).unwrap_or_else(|| {
        panic!(
            "the console's browser tests need headless Chromium, and OZ0_TEST_CHROMIUM names none: run scripts/test \
             (it installs Debian's chromium), or set OZ0_TEST_CHROMIUM to a Chromium or Chrome"
        )
    })
}

fn headless(chromium: &Path, profile: &Path) -> Command {
    let mut cmd = Command::new(chromium);
    cmd.args(["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .stdin(Stdio::null());
    cmd
}

/// Returns the DOM Chromium builds of `url`, after its scripts ran.
pub fn dump_dom(chromium: &Path, profile: &Path, url: &str) -> String {
    let out =
        headless(chromium, profile).arg("--dump-dom").arg(url).stderr(Stdio::null()).output().expect("chromium runs");
    assert!(out.status.success(), "chromium failed on {url}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Saves a screenshot of `url` at 1280x900 to `to`.
pub fn screenshot(chromium: &Path, profile: &Path, url: &str, to: &Path) {
    let status = headless(chromium, profile)
        .arg(format!("--screenshot={}", to.display()))
        .args(["--window-size=1280,900", "--hide-scrollbars"])
        .arg(url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("chromium runs");
    assert!(status.success() && to.exists(), "no screenshot of {url}");
}

/// Returns the texts of the cells of the row `id` of a page, tags taken out and entities read.
pub fn row(page: &str, id: &str) -> Vec<String> {
    let start = page.find(&format!(r#"<tr id="{id}">"#)).unwrap_or_else(|| panic!("no row {id}"));
    let end = start + page[start..].find("</tr>").expect("the row's end");
    page[start..end]
        .split("<td>")
        .skip(1)
        .map(|cell| {
            let cell = cell.split("</td>").next().unwrap_or_default();
            let mut text = String::new();
            let mut tag = false;
            for c in cell.chars() {
                match c {
                    '<' => tag = true,
                    '>' => tag = false,
                    c if !tag => text.push(c),
                    _ => {}
                }
            }
            text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
                .trim()
                .to_owned()
        })
        .collect()
}

/// Headless Chromium driven by the DevTools protocol, over a WebSocket to its one page. Killed when
/// dropped.
pub struct Browser {
    child: Child,
    socket: TcpStream,
    next: u64,
}

impl Browser {
    pub fn start(chromium: &Path, profile: &Path) -> Self {
        let child = headless(chromium, profile)
            .args(["--remote-debugging-port=0", "--remote-allow-origins=*", "about:blank"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        // Until the browser is ready, a failed step kills it.
        let mut started = Started(Some(child));
        let start = Instant::now();
        let port = loop {
            let port = std::fs::read_to_string(profile.join("DevToolsActivePort"))
                .ok()
                .and_then(|t| t.lines().next().map(str::to_owned));
            if let Some(port) = port.filter(|p| !p.is_empty()) {
                break port;
            }
            assert!(start.elapsed() < crate::common::PATIENCE, "chromium did not open its DevTools port");
            std::thread::sleep(Duration::from_millis(100));
        };
        let base = format!("http://127.0.0.1:{port}");
        let page = loop {
            let list: Value =
                serde_json::from_str(&request(&base, "GET", "/json/list", &[], "").body).unwrap_or(Value::Null);
            let found = list.as_array().and_then(|l| l.iter().find(|t| t["type"] == "page")).cloned();
            if let Some(page) = found {
                break page;
            }
            assert!(start.elapsed() < crate::common::PATIENCE, "chromium has no page");
            std::thread::sleep(Duration::from_millis(100));
        };
        let ws = page["webSocketDebuggerUrl"].as_str().expect("a page's socket").to_owned();
        let path = ws.splitn(4, '/').nth(3).map(|p| format!("/{p}")).expect("a socket path");
        let mut socket = TcpStream::connect(format!("127.0.0.1:{port}")).expect("the DevTools port");
        socket.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
        let handshake = format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        socket.write_all(handshake.as_bytes()).expect("the handshake is sent");
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            socket.read_exact(&mut byte).expect("the handshake's answer");
            head.push(byte[0]);
        }
        assert!(head.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&head));
        Self { child: started.0.take().expect("the browser's process"), socket, next: 0 }
    }

    fn send(&mut self, text: &str) {
        self.socket.write_all(&frame(text)).expect("a frame is sent");
    }

    fn receive(&mut self) -> String {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.socket.read_exact(&mut head).expect("a frame");
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut n = [0u8; 2];
                self.socket.read_exact(&mut n).expect("a length");
                len = u64::from(u16::from_be_bytes(n));
            } else if len == 127 {
                let mut n = [0u8; 8];
                self.socket.read_exact(&mut n).expect("a length");
                len = u64::from_be_bytes(n);
            }
            let mut payload = vec![0u8; usize::try_from(len).expect("a frame's length")];
            self.socket.read_exact(&mut payload).expect("a frame's payload");
            message.extend(payload);
            if head[0] & 0x80 != 0 {
                return String::from_utf8_lossy(&message).into_owned();
            }
        }
    }

    /// Calls the DevTools method `method` and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        self.send(&json!({"id": id, "method": method, "params": params}).to_string());
        loop {
            let message: Value = serde_json::from_str(&self.receive()).unwrap_or(Value::Null);
            if message["id"] == id {
                assert!(message["error"].is_null(), "{method}: {message}");
                return message["result"].clone();
            }
        }
    }

    /// Returns the value of the JavaScript expression `expression` in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        self.call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true}))["result"]["value"]
            .clone()
    }

    /// Opens `url`, and waits until the page has loaded.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for("document.readyState === 'complete' && location.href !== 'about:blank'");
    }

    /// Waits until the JavaScript expression `condition` is true in the page.
    pub fn wait_for(&mut self, condition: &str) {
        let start = Instant::now();
        while self.eval(&format!("!!({condition})")) != Value::Bool(true) {
            if start.elapsed() > crate::common::PATIENCE {
                let page = self.eval("location.href + '\\n' + document.body.innerText");
                panic!("the page never had {condition}:\n{}", page.as_str().unwrap_or_default());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the middle of the element `selector` names, as a mouse does.
    pub fn click(&mut self, selector: &str) {
        let rect = self.eval(&format!(
            "(() => {{ const e = document.querySelector({}); e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            serde_json::to_string(selector).expect("a selector as JSON")
        ));
        let (x, y) = (rect[0].as_f64().expect("x"), rect[1].as_f64().expect("y"));
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Closed by the protocol, Chromium ends its own processes and waits for them; killed, it
        // would leave them to whoever adopts them.
        self.next += 1;
        let close = json!({"id": self.next, "method": "Browser.close"}).to_string();
        let _ = self.socket.write_all(&frame(&close));
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Returns `text` as a masked WebSocket text frame, as a client sends it.
fn frame(text: &str) -> Vec<u8> {
    let payload = text.as_bytes();
    let mut frame = vec![0x81u8];
    match payload.len() {
        n if n < 126 => frame.push(0x80 | n as u8),
        n if n < 65_536 => {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    let mask = [0x1d, 0x7a, 0x42, 0x93];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    frame
}

/// A process killed when dropped, until it is handed on.
struct Started(Option<Child>);

impl Drop for Started {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
