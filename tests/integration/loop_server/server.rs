//! A stand-in provider on 127.0.0.1: it routes by path as the real APIs do, checks each
//! body's structure (`check`), keeps a prompt cache by the provider's rule over every
//! body it was sent (the independent simulation `examples/session-bench/sim.rs`), and
//! answers the scripted reply with the usage that cache gives, as JSON or, when the body
//! or path asks for one, as an event stream.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use super::answer::{self, Script, Shape, Usage};
use super::check;
use crate::reuse_simulation::sim;

/// Gemini's streaming method, named in the path rather than the body.
const GEMINI_STREAM: &str = ":streamGenerateContent";
const GEMINI_ROUTE: &str = "/v1beta/models/";

/// The provider's path for a shape (Gemini's ends with the model and method).
pub fn path(shape: Shape) -> &'static str {
    match shape {
        Shape::Anthropic => "/v1/messages",
        Shape::Chat => "/v1/chat/completions",
        Shape::OpenRouter => "/api/v1/chat/completions",
        Shape::Responses => "/v1/responses",
        Shape::Gemini => GEMINI_ROUTE,
    }
}

/// One request the server answered.
#[derive(Debug, Clone)]
pub struct Seen {
    pub body: Value,
    pub outcome: sim::Outcome,
    pub streamed: bool,
}

#[derive(Default)]
struct State {
    encoder: sim::Encoder,
    /// Every body received, read as the cache reads it.
    blocks: Vec<Vec<sim::SimBlock>>,
    seen: Vec<Seen>,
    /// What the model says next.
    script: Option<Script>,
}

/// The server; it serves until the test ends.
pub struct Server {
    addr: std::net::SocketAddr,
    state: Arc<Mutex<State>>,
}

impl Server {
    /// A server for one provider's session: its shape, cache rule and the model's
    /// minimum cacheable prefix in tokens.
    pub fn start(shape: Shape, rule: sim::Rule, min: usize) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for conn in listener.incoming().flatten() {
                let answer = serve(&conn, shape, rule, min, &shared);
                let _ = write_response(conn, answer);
            }
        });
        Server { addr, state }
    }

    /// The reply to the next request.
    pub fn script(&self, script: Script) {
        self.state.lock().unwrap().script = Some(script);
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.state.lock().unwrap().seen.clone()
    }

    /// POSTs `body` to `path` as curl does in the README's loop; the response's status
    /// line and body.
    pub fn post(&self, path: &str, body: &str) -> (String, String) {
        let mut conn = TcpStream::connect(self.addr).unwrap();
        write!(
            conn,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        conn.read_to_string(&mut text).unwrap();
        let (head, rest) = text.split_once("\r\n\r\n").expect("an HTTP response");
        (head.lines().next().unwrap().to_string(), rest.to_string())
    }
}

/// `(status, content type, body)`.
type Answer = (&'static str, &'static str, String);

/// Reads one request and answers it.
fn serve(
    conn: &TcpStream,
    shape: Shape,
    rule: sim::Rule,
    min: usize,
    state: &Mutex<State>,
) -> Answer {
    let (path, body) = match read_request(conn) {
        Ok(r) => r,
        Err(e) => return ("400 Bad Request", "text/plain", e),
    };
    let route_ok = match shape {
        Shape::Gemini => path.starts_with(GEMINI_ROUTE) && path.contains(":"),
        _ => path == self::path(shape),
    };
    if !route_ok {
        return ("404 Not Found", "text/plain", format!("no route {path}"));
    }
    let body: Value = match serde_json::from_str(&body) {
        Ok(v) => v,
        Err(e) => return ("400 Bad Request", "text/plain", format!("not JSON: {e}")),
    };
    if let Err(reason) = check::body(shape, &body) {
        let error =
            serde_json::json!({"error": {"type": "invalid_request_error", "message": reason}});
        return ("400 Bad Request", "application/json", error.to_string());
    }
    let streamed = body["stream"] == true || path.contains(GEMINI_STREAM);
    let mut state = state.lock().unwrap();
    let blocks = state.encoder.blocks(&body);
    state.blocks.push(blocks);
    let outcome = *sim::simulate(rule, &state.blocks, min).last().unwrap();
    let script = state
        .script
        .take()
        .expect("a scripted reply for each request");
    state.seen.push(Seen {
        body,
        outcome,
        streamed,
    });
    let usage = Usage {
        total: outcome.total,
        read: outcome.read,
        written: outcome.written,
    };
    match streamed {
        true => (
            "200 OK",
            "text/event-stream",
            answer::stream(shape, &script, usage),
        ),
        false => (
            "200 OK",
            "application/json",
            answer::json(shape, &script, usage),
        ),
    }
}

/// The path and body of an HTTP/1.1 request with a Content-Length.
fn read_request(conn: &TcpStream) -> Result<(String, String), String> {
    let mut reader = BufReader::new(conn);
    let mut line = String::new();
    reader.read_line(&mut line).map_err(|e| e.to_string())?;
    let path = line
        .split_whitespace()
        .nth(1)
        .ok_or("no request line")?
        .to_string();
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).map_err(|e| e.to_string())?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().map_err(|_| "bad Content-Length")?;
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    Ok((path, String::from_utf8(body).map_err(|e| e.to_string())?))
}

fn write_response(mut conn: TcpStream, (status, kind, body): Answer) -> std::io::Result<()> {
    write!(
        conn,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
}
