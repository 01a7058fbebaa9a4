//! Who may use the server. A browser lets any page it shows open a
//! WebSocket to 127.0.0.1, so the server checks that a request names it
//! as the printed address does: `Host` (a name of another site rebound to
//! 127.0.0.1 gives another Host) and `Origin` (another site's page gives
//! its own, and browsers always send it with a WebSocket). The WebSocket
//! must also carry the launch's random token, which only the printed
//! address holds: another program of the machine's other users can forge
//! headers, not guess 128 random bits.

use rand::rngs::OsRng;
use rand::RngCore;

use super::GuiError;

/// A request's head: its method, path, query and header lines.
pub struct Head {
    pub method: String,
    pub path: String,
    pub query: String,
    headers: Vec<(String, String)>,
}

impl Head {
    pub fn parse(text: &str) -> Head {
        let mut lines = text.lines();
        let mut first = lines.next().unwrap_or("").split_whitespace();
        let method = first.next().unwrap_or("").to_string();
        let target = first.next().unwrap_or("");
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Head {
            method,
            path: path.to_string(),
            query: query.to_string(),
            headers,
        }
    }

    /// The value of header `name` (lower case) if it is given once; a
    /// repeated header is as good as none.
    fn header(&self, name: &str) -> Option<&str> {
        let mut found = self.headers.iter().filter(|(k, _)| k == name);
        match (found.next(), found.next()) {
            (Some((_, v)), None) => Some(v),
            _ => None,
        }
    }

    fn has(&self, name: &str) -> bool {
        self.headers.iter().any(|(k, _)| k == name)
    }

    /// Whether it asks for a WebSocket.
    pub fn upgrade(&self) -> bool {
        self.header("upgrade")
            .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
    }

    /// The query's `token`.
    fn token(&self) -> Option<&str> {
        self.query
            .split('&')
            .find_map(|pair| pair.strip_prefix("token="))
    }
}

/// The address the server answers to and the launch's token.
pub struct Access {
    port: u16,
    token: String,
}

impl Access {
    /// A new token, 128 bits from the operating system's generator.
    pub fn new(port: u16) -> Result<Access, GuiError> {
        let mut bytes = [0u8; 16];
        OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| format!("no random token from the system: {e}"))?;
        let token = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Ok(Access { port, token })
    }

    /// The address to open: the page passes the token on to `/ws`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/?token={}", self.port, self.token)
    }

    /// A request for one of the page's files: a `Host` of this server,
    /// and an `Origin` of it if one is given (a navigation sends none).
    pub fn page(&self, head: &Head) -> Result<(), &'static str> {
        self.host(head)?;
        if head.has("origin") {
            self.origin(head)?;
        }
        Ok(())
    }

    /// A WebSocket: `Host` and `Origin` of this server and the token.
    pub fn socket(&self, head: &Head) -> Result<(), &'static str> {
        self.host(head)?;
        self.origin(head)?;
        match head.token() {
            Some(t) if same(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            Some(_) => Err("a wrong token"),
            None => Err("no token (open the address agon gui printed)"),
        }
    }

    fn host(&self, head: &Head) -> Result<(), &'static str> {
        let host = head.header("host").ok_or("no Host")?;
        self.names_this_server(host, "")
            .then_some(())
            .ok_or("a Host other than this server")
    }

    fn origin(&self, head: &Head) -> Result<(), &'static str> {
        let origin = head.header("origin").ok_or("no Origin")?;
        self.names_this_server(origin, "http://")
            .then_some(())
            .ok_or("an Origin other than this server")
    }

    /// Whether `value` is `{scheme}127.0.0.1:PORT` or
    /// `{scheme}localhost:PORT`, the names the printed address answers to.
    fn names_this_server(&self, value: &str, scheme: &str) -> bool {
        ["127.0.0.1", "localhost"]
            .iter()
            .any(|name| value.eq_ignore_ascii_case(&format!("{scheme}{name}:{}", self.port)))
    }
}

/// Equal bytes, in a time that does not tell how many leading bytes
/// match.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len()
        && std::hint::black_box(a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y))) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(lines: &[&str]) -> Head {
        Head::parse(&format!("{}\r\n\r\n", lines.join("\r\n")))
    }

    #[test]
    fn only_this_servers_page_with_the_token_gets_a_socket() {
        let a = Access::new(8765).expect("a token");
        assert_eq!(a.token.len(), 32);
        assert_ne!(a.token, Access::new(8765).expect("a token").token);
        let url = a.url();
        let query = url.split_once('?').expect("a query").1;
        let ws = |host: &str, origin: &str, query: &str| {
            let mut lines = vec![format!("GET /ws?{query} HTTP/1.1"), format!("Host: {host}")];
            if !origin.is_empty() {
                lines.push(format!("Origin: {origin}"));
            }
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            a.socket(&head(&lines))
        };
        assert_eq!(ws("127.0.0.1:8765", "http://127.0.0.1:8765", query), Ok(()));
        assert_eq!(ws("localhost:8765", "http://localhost:8765", query), Ok(()));
        assert!(ws("127.0.0.1:8765", "http://evil.example", query).is_err());
        assert!(ws("127.0.0.1:8765", "", query).is_err());
        assert!(ws("evil.example:8765", "http://127.0.0.1:8765", query).is_err());
        assert!(ws("127.0.0.1:8766", "http://127.0.0.1:8765", query).is_err());
        assert!(ws("127.0.0.1:8765", "http://127.0.0.1:8765", "").is_err());
        assert!(ws("127.0.0.1:8765", "http://127.0.0.1:8765", "token=00").is_err());
        let twice = head(&[
            "GET / HTTP/1.1",
            "Host: 127.0.0.1:8765",
            "Host: evil.example",
        ]);
        assert!(a.page(&twice).is_err());
        assert!(a
            .page(&head(&["GET / HTTP/1.1", "Host: 127.0.0.1:8765"]))
            .is_ok());
    }
}
