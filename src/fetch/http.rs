//! One bounded GET: a checked URL, a timeout over the whole exchange, a few redirects, a
//! size limit and our User-Agent. Every failure is an input error naming the URL and
//! what to do.

use std::time::Duration;

use ureq::http::Uri;

use super::{convert, MAX_BODY_BYTES, MAX_REDIRECTS, PREFETCHED_HINT, USER_AGENT};
use crate::error::Error;

/// What a server answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The `Content-Type` header as sent.
    pub content_type: String,
    pub body: Vec<u8>,
}

/// Refuses anything but an absolute `http` or `https` URL with a host: other schemes
/// (`file:`, `ftp:`) would read what the user did not mean to send.
pub fn check_url(url: &str) -> Result<(), Error> {
    let bad = |why: &str| {
        Error::usage(format!(
            "URL '{url}' {why}; give an absolute http or https URL such as \
             https://example.com/page"
        ))
    };
    let scheme = url.split_once(':').map(|(s, _)| s).filter(|s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    match scheme.map(str::to_ascii_lowercase).as_deref() {
        Some("http" | "https") => {}
        Some(other) => return Err(bad(&format!("has the scheme '{other}'"))),
        None => return Err(bad("has no scheme")),
    }
    let uri: Uri = url.parse().map_err(|_| bad("is not a valid URL"))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(bad("has no host"));
    }
    Ok(())
}

fn agent(timeout: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .max_redirects(MAX_REDIRECTS)
        .user_agent(USER_AGENT)
        // A 404 is the user's to see, with its status, not a transport error.
        .http_status_as_error(false)
        .build()
        .into()
}

/// GETs `url`, following redirects. The content type is checked before the body is
/// read, so a refused download costs nothing.
pub fn get(url: &str, timeout: Duration) -> Result<Response, Error> {
    let fail = |e: ureq::Error| transport(url, timeout, e);
    let mut response = agent(timeout).get(url).call().map_err(fail)?;
    let status = response.status();
    if !status.is_success() {
        return Err(Error::data(format!(
            "URL '{url}': the server answered {status}; check the address, {PREFETCHED_HINT}"
        )));
    }
    let content_type = response
        .headers()
        .get(ureq::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    convert::kind(url, &content_type)?;
    let body = response
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .read_to_vec()
        .map_err(fail)?;
    Ok(Response { content_type, body })
}

/// A transport failure as the user can act on it.
fn transport(url: &str, timeout: Duration, e: ureq::Error) -> Error {
    match e {
        ureq::Error::Timeout(_) => Error::data(format!(
            "URL '{url}' did not answer within {}s; raise --url-timeout, {PREFETCHED_HINT}",
            timeout.as_secs()
        )),
        ureq::Error::BodyExceedsLimit(_) => Error::limit(format!(
            "URL '{url}' is over the limit of {MAX_BODY_BYTES} bytes; save the part you \
             need and pass it with --url-context URL=FILE"
        )),
        ureq::Error::TooManyRedirects => Error::data(format!(
            "URL '{url}' redirects more than {MAX_REDIRECTS} times; give the final address, \
             {PREFETCHED_HINT}"
        )),
        ureq::Error::BadUri(why) => Error::usage(format!(
            "URL '{url}' is not a valid URL ({why}); give an absolute http or https URL"
        )),
        other => Error::data(format!(
            "URL '{url}' cannot be fetched: {other}; check the address and the network, \
             {PREFETCHED_HINT}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_urls_with_a_host_are_fetched() {
        assert!(check_url("https://example.com/a?b=c").is_ok());
        assert!(check_url("http://127.0.0.1:8080/").is_ok());
        for (url, why) in [
            ("file:///etc/passwd", "has the scheme 'file'"),
            ("ftp://example.com/x", "has the scheme 'ftp'"),
            ("example.com/page", "has no scheme"),
            ("http://", "is not a valid URL"),
            ("not a url", "has no scheme"),
            ("http://exa mple.com/", "is not a valid URL"),
        ] {
            let e = check_url(url).unwrap_err();
            assert!(
                e.message.starts_with(&format!("URL '{url}' {why};")),
                "{url}: {}",
                e.message
            );
        }
    }
}
