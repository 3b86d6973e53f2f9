//! Streamable HTTP servers: rmcp's client transport over reqwest (rustls with ring, the
//! TLS stack ureq already brings; no OpenSSL).

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use reqwest::header::{HeaderName, HeaderValue};
use rmcp::service::{RoleClient, RunningService, ServiceExt};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;

/// Initializes a session with the server at `url`, sending `headers` with every request.
pub async fn start(
    url: &str,
    headers: &BTreeMap<String, String>,
    timeout: Duration,
) -> Result<RunningService<RoleClient, ()>, String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("url '{url}': {e}"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(format!("url '{url}': not an http:// or https:// url"));
    }
    let mut custom = HashMap::new();
    for (name, value) in headers {
        let bad = |e: &dyn std::fmt::Display| format!("header '{name}': {e}");
        let name = HeaderName::from_bytes(name.as_bytes()).map_err(|e| bad(&e))?;
        let mut value = HeaderValue::from_str(value).map_err(|e| bad(&e))?;
        // Headers carry credentials: keep them out of any debug output.
        value.set_sensitive(true);
        custom.insert(name, value);
    }
    // reqwest is built without a default crypto provider; ring is the one ureq uses.
    // Installing fails only when one is already installed, which is as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::builder()
        .connect_timeout(timeout)
        .build()
        .map_err(|e| format!("cannot make an HTTP client: {e}"))?;
    let config = StreamableHttpClientTransportConfig::with_uri(url).custom_headers(custom);
    let transport = StreamableHttpClientTransport::with_client(client, config);
    ().serve(transport)
        .await
        .map_err(super::client::initialize_error)
}
