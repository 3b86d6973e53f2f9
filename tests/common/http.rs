//! A tiny HTTP/1.1 server on 127.0.0.1 for the URL fetching tests: fixed routes, each
//! request counted and its User-Agent kept. One thread per connection, so a route that
//! sleeps (to test timeouts) holds up no other.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a route answers.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: &'static str,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Wait this long before answering.
    pub delay: Duration,
}

impl Reply {
    pub fn ok(content_type: &str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status: "200 OK",
            headers: vec![("Content-Type".into(), content_type.into())],
            body: body.into(),
            delay: Duration::ZERO,
        }
    }

    pub fn status(status: &'static str) -> Reply {
        Reply {
            status,
            ..Reply::ok("text/plain", "")
        }
    }

    pub fn redirect(to: &str) -> Reply {
        let mut r = Reply::status("302 Found");
        r.headers.push(("Location".into(), to.into()));
        r
    }

    pub fn after(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

#[derive(Default)]
struct Seen {
    hits: HashMap<String, usize>,
    agents: Vec<String>,
}

/// A running server; it stops with the test process.
pub struct Server {
    pub base: String,
    seen: Arc<Mutex<Seen>>,
}

impl Server {
    pub fn start(routes: Vec<(&str, Reply)>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let routes: Arc<HashMap<String, Reply>> = Arc::new(
            routes
                .into_iter()
                .map(|(p, r)| (p.to_string(), r))
                .collect(),
        );
        let seen = Arc::new(Mutex::new(Seen::default()));
        let shared = Arc::clone(&seen);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (routes, seen) = (Arc::clone(&routes), Arc::clone(&shared));
                std::thread::spawn(move || serve(stream, &routes, &seen));
            }
        });
        Server { base, seen }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// How many requests `path` has had.
    pub fn hits(&self, path: &str) -> usize {
        self.seen
            .lock()
            .unwrap()
            .hits
            .get(path)
            .copied()
            .unwrap_or(0)
    }

    pub fn user_agents(&self) -> Vec<String> {
        self.seen.lock().unwrap().agents.clone()
    }
}

fn serve(stream: TcpStream, routes: &HashMap<String, Reply>, seen: &Mutex<Seen>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut agent = String::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.eq_ignore_ascii_case("user-agent") {
                agent = v.trim().to_string();
            }
        }
    }
    {
        let mut s = seen.lock().unwrap();
        *s.hits.entry(path.clone()).or_default() += 1;
        s.agents.push(agent);
    }
    let reply = routes
        .get(&path)
        .cloned()
        .unwrap_or_else(|| Reply::status("404 Not Found"));
    std::thread::sleep(reply.delay);
    let mut head = format!("HTTP/1.1 {}\r\n", reply.status);
    for (k, v) in &reply.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        reply.body.len()
    ));
    let mut stream = stream;
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&reply.body);
}
