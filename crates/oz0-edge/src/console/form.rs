//! The fields of a console form, as a browser sends them.

/// Returns the fields of an `application/x-www-form-urlencoded` body, or `None` when it is not one.
pub fn form(body: &[u8]) -> Option<Vec<(String, String)>> {
    let text = std::str::from_utf8(body).ok()?;
    let mut fields = Vec::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        fields.push((decode(name)?, decode(value)?));
    }
    Some(fields)
}

/// Returns the value of the field `name` of `fields`, when it is there.
pub fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_decoded() {
        let fields = form(b"token=oz0_ab%2Bc&note=a+b&empty=").unwrap_or_default();
        assert_eq!(field(&fields, "token"), Some("oz0_ab+c"));
        assert_eq!(field(&fields, "note"), Some("a b"));
        assert_eq!(field(&fields, "empty"), Some(""));
        assert_eq!(form(b"bad=%zz"), None);
    }
}
