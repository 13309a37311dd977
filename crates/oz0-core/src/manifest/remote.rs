//! What a remote tool's address may be.

use std::net::IpAddr;

/// Returns why `url` is not an address of a remote server the platform reaches, if it is not: it must be
/// `https`, or `http` on the loopback interface, where no one between could read its headers.
///
/// # Errors
///
/// Returns the reason, in a sentence.
pub fn check_remote_url(url: &str) -> Result<(), String> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(format!("`{url}` is not an address such as https://tools.example.com/mcp"));
    };
    // The authority ends at the path, query or fragment; a user's part before `@` is not the host.
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = match host_port.strip_prefix('[') {
        Some(v6) => v6.split_once(']').map_or("", |(host, _)| host),
        None => host_port.split(':').next().unwrap_or(""),
    };
    if host.is_empty() {
        return Err(format!("`{url}` names no host"));
    }
    match scheme.to_ascii_lowercase().as_str() {
        "https" => Ok(()),
        "http" if host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback()) => {
            Ok(())
        }
        "http" => Err(format!(
            "`{url}` is plain HTTP off this machine, where its headers could be read on the way: use https"
        )),
        other => Err(format!("`{url}` is not an HTTP address (`{other}:`): use https")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_anywhere_and_http_on_loopback_are_reached() {
        for url in [
            "https://tools.example.com/mcp",
            "http://127.0.0.1:8000/mcp",
            "http://[::1]:8000/mcp",
            "http://localhost/mcp",
            "HTTP://LOCALHOST",
        ] {
            assert_eq!(check_remote_url(url), Ok(()), "{url}");
        }
    }

    #[test]
    fn plain_http_elsewhere_and_other_schemes_are_refused() {
        for url in [
            "http://tools.example.com/mcp",
            "http://10.0.0.5/mcp",
            "http://127.0.0.1.example.com/",
            "http://localhost@evil.example.com/",
            "http://[::ffff:10.0.0.1]/",
        ] {
            let why = check_remote_url(url).expect_err(url);
            assert!(why.contains("use https"), "{why}");
        }
        assert!(check_remote_url("file:///etc/passwd").is_err());
        assert!(check_remote_url("not a url").is_err());
        assert!(check_remote_url("https:///mcp").is_err());
    }
}
