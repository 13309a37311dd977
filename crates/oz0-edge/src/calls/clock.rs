//! The time as steps record it.

use std::time::SystemTime;

use crate::store::rfc3339_millis;

/// Returns the time now as steps record it: RFC 3339 in UTC with milliseconds.
pub(crate) fn now() -> String {
    let ms = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis());
    rfc3339_millis(i64::try_from(ms).unwrap_or(i64::MAX))
}
