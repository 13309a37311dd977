//! How fast a request must arrive. A client that sends slowly holds a connection, and an upload's room
//! ([`super::room`]), for as long as it likes unless the edge sets a pace: its head within [`Pace::head`]
//! (the HTTP library closes the connection otherwise), and its body, once a route reads it, at an
//! average of at least [`Pace::floor`] bytes a second after its first [`Pace::grace`], with no pause
//! longer than [`Pace::gap`]. A body that falls behind ends its request with a 408 problem that says
//! what was too slow and what the edge expects.
//!
//! The defaults let a client on a slow link (64 KiB/s, about 0.5 Mbit/s) upload a file at its largest,
//! 32 MiB, in under nine minutes, and end a body that trickles a byte a second after 10 s.

use std::fmt::Write as _;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use oz0_core::api::EdgeError;
use tokio::time::{Instant, Sleep};

use super::problem::ApiError;
use super::request_id::HEADER as REQUEST_ID;

/// The pace a request must keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// How long a request's head (its line and header fields) may take, from the connection's start
    /// or the end of its previous answer; an idle connection is closed as late.
    pub head: Duration,
    /// How long a body has before its average counts.
    pub grace: Duration,
    /// The longest pause between two pieces of a body.
    pub gap: Duration,
    /// The least average of a body after its grace, in bytes a second.
    pub floor: u64,
}

impl Pace {
    /// The pace of a served edge: the head within 30 s, the body at 64 KiB/s on average after its
    /// first 10 s, with no pause over 20 s.
    pub const DEFAULT: Pace = Pace {
        head: Duration::from_secs(30),
        grace: Duration::from_secs(10),
        gap: Duration::from_secs(20),
        floor: 64 << 10,
    };

    /// The variable that shortens the times, in seconds, for tests of slow clients: the grace, twice
    /// that for the gap, three times for the head; the floor stays.
    pub const VARIABLE: &'static str = "OZ0_PACE_SECONDS";

    /// Returns [`Self::DEFAULT`], unless [`Self::VARIABLE`] holds a number of seconds.
    pub fn from_env() -> Pace {
        let seconds = std::env::var(Self::VARIABLE).ok().and_then(|text| text.trim().parse::<f64>().ok());
        match seconds.filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0) {
            Some(seconds) => {
                let grace = Duration::from_secs_f64(seconds);
                Pace { head: grace * 3, grace, gap: grace * 2, ..Self::DEFAULT }
            }
            None => Self::DEFAULT,
        }
    }

    /// Returns how long a body of `bytes` may take at the slowest: its grace, then the floor.
    pub fn bound(&self, bytes: u64) -> Duration {
        self.grace + Duration::from_secs_f64(bytes as f64 / self.floor.max(1) as f64)
    }

    /// Returns what the edge expects of a body, in words.
    fn expected(&self) -> String {
        format!(
            "the edge reads a body that keeps arriving: at least {} on average after its first {}, and never a \
             pause of more than {}",
            rate(self.floor as f64),
            seconds(self.grace),
            seconds(self.gap)
        )
    }
}

impl Default for Pace {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Times the body of every request against `pace`, and answers 408 when it fell behind, whatever the
/// route answered when its body failed it.
pub(super) async fn paced(State(pace): State<Pace>, request: Request, next: Next) -> Response {
    let behind = Arc::new(OnceLock::new());
    let (method, path) = (request.method().clone(), request.uri().path().to_owned());
    let request = request.map(|body| Body::new(PacedBody::new(body, pace, Arc::clone(&behind))));
    let response = next.run(request).await;
    let Some(detail) = behind.get() else { return response };
    let id = response.headers().get(REQUEST_ID).and_then(|id| id.to_str().ok()).unwrap_or_default();
    tracing::info!(request = id, %method, path, "answered 408: {detail}");
    let mut answer =
        ApiError(EdgeError::Rejected { status: 408, title: "Request timeout".to_owned(), detail: detail.clone() })
            .into_response();
    let headers = answer.headers_mut();
    // The rest of the body may still come: the connection is not read again.
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    if let Some(id) = response.headers().get(REQUEST_ID) {
        headers.insert(REQUEST_ID, id.clone());
    }
    answer
}

/// Why a body was ended: it fell behind its pace.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Behind(String);

/// A request's body, timed from when a route first reads it, so that a wait before it (for room, for
/// the token's check) is not the client's.
struct PacedBody {
    inner: Body,
    pace: Pace,
    /// When it was first read, when its last piece came, and how many bytes came.
    started: Option<Instant>,
    last: Instant,
    bytes: u64,
    /// Wakes the reader when the body falls behind, if nothing comes before.
    timer: Option<Pin<Box<Sleep>>>,
    behind: Arc<OnceLock<String>>,
}

impl PacedBody {
    fn new(inner: Body, pace: Pace, behind: Arc<OnceLock<String>>) -> Self {
        Self { inner, pace, started: None, last: Instant::now(), bytes: 0, timer: None, behind }
    }

    /// Returns when the body falls behind if nothing more comes: at the end of the longest pause, or
    /// when its average drops under the floor.
    fn deadline(&self, started: Instant) -> Instant {
        (self.last + self.pace.gap).min(started + self.pace.bound(self.bytes))
    }

    /// Returns why the body is behind at `now`.
    fn why(&self, started: Instant, now: Instant) -> String {
        let mut detail = String::new();
        let waited = now.saturating_duration_since(self.last);
        if waited >= self.pace.gap {
            let _ = write!(detail, "the request's body paused for {} after {} bytes", seconds(waited), self.bytes);
        } else {
            let took = now.saturating_duration_since(started);
            let _ = write!(detail, "the request's body came too slowly: {} bytes in {}", self.bytes, seconds(took));
        }
        let _ = write!(detail, "; {}. Send it again at a steadier pace", self.pace.expected());
        detail
    }
}

impl http_body::Body for PacedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if let Some(detail) = this.behind.get() {
            return Poll::Ready(Some(Err(axum::Error::new(Behind(detail.clone())))));
        }
        let started = match this.started {
            Some(started) => started,
            None => {
                let now = Instant::now();
                this.started = Some(now);
                this.last = now;
                now
            }
        };
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref().filter(|data| !data.is_empty()) {
                    this.bytes += data.len() as u64;
                    this.last = Instant::now();
                    let deadline = this.deadline(started);
                    if let Some(timer) = &mut this.timer {
                        timer.as_mut().reset(deadline);
                    }
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(ended) => Poll::Ready(ended),
            Poll::Pending => {
                let deadline = this.deadline(started);
                let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
                if timer.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                let detail = this.why(started, Instant::now());
                let detail = this.behind.get_or_init(|| detail).clone();
                Poll::Ready(Some(Err(axum::Error::new(Behind(detail)))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Returns a duration in seconds, as a person reads it: `10 s`, `0.5 s`.
fn seconds(duration: Duration) -> String {
    let text = format!("{:.1}", duration.as_secs_f64());
    format!("{} s", text.strip_suffix(".0").unwrap_or(&text))
}

/// Returns a rate in bytes a second, as a person reads it: `64 KiB/s`.
fn rate(bytes: f64) -> String {
    if bytes >= 1024.0 {
        let text = format!("{:.1}", bytes / 1024.0);
        format!("{} KiB/s", text.strip_suffix(".0").unwrap_or(&text))
    } else {
        format!("{bytes:.0} bytes/s")
    }
}

#[cfg(test)]
mod tests {
    use std::future::poll_fn;

    use http_body::Body as _;

    use super::*;

    const PACE: Pace =
        Pace { head: Duration::from_secs(3), grace: Duration::from_secs(1), gap: Duration::from_secs(2), floor: 1000 };

    /// Returns a body whose pieces `send` feeds, timed against [`PACE`].
    fn body() -> (tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>, PacedBody, Arc<OnceLock<String>>) {
        let (send, receive) = tokio::sync::mpsc::channel(16);
        let stream = futures_util::stream::unfold(receive, |mut receive| async move {
            receive.recv().await.map(|piece| (piece, receive))
        });
        let behind = Arc::new(OnceLock::new());
        (send, PacedBody::new(Body::from_stream(stream), PACE, Arc::clone(&behind)), behind)
    }

    async fn next(body: &mut PacedBody) -> Option<Result<Frame<Bytes>, axum::Error>> {
        poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx)).await
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_that_keeps_its_pace_is_read_whole() {
        let (send, mut body, behind) = body();
        let feeder = tokio::spawn(async move {
            // 2,000 bytes a second for 5 s: twice the floor.
            for _ in 0..50 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                send.send(Ok(Bytes::from(vec![b'x'; 200]))).await.unwrap();
            }
        });
        let mut read = 0;
        while let Some(frame) = next(&mut body).await {
            read += frame.unwrap().into_data().unwrap().len();
        }
        feeder.await.unwrap();
        assert_eq!(read, 10_000);
        assert!(behind.get().is_none());
    }

    #[tokio::test(start_paused = true)]
    async fn a_trickle_ends_when_its_grace_is_over() {
        let (send, mut body, behind) = body();
        let start = Instant::now();
        let _feeder = tokio::spawn(async move {
            loop {
                if send.send(Ok(Bytes::from_static(b"x"))).await.is_err() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        });
        let err = loop {
            match next(&mut body).await {
                Some(Ok(_)) => {}
                Some(Err(err)) => break err,
                None => panic!("the trickle never ends"),
            }
        };
        let took = start.elapsed();
        // The grace, and the few bytes that came in it count a little.
        assert!(took >= PACE.grace && took < PACE.grace + Duration::from_millis(10), "{took:?}");
        let detail = behind.get().unwrap();
        assert!(detail.starts_with("the request's body came too slowly: 4 bytes in 1 s;"), "{detail}");
        assert!(detail.contains("at least 1000 bytes/s on average after its first 1 s"), "{detail}");
        assert!(err.to_string().contains("too slowly"), "{err}");
        assert!(next(&mut body).await.unwrap().is_err(), "it stays ended");
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_that_stops_ends_after_the_longest_pause() {
        let (send, mut body, behind) = body();
        // Enough for 10 s at the floor, then nothing.
        send.send(Ok(Bytes::from(vec![b'x'; 10_000]))).await.unwrap();
        let start = Instant::now();
        assert!(next(&mut body).await.unwrap().is_ok());
        assert!(next(&mut body).await.unwrap().is_err());
        assert_eq!(start.elapsed(), PACE.gap);
        let detail = behind.get().unwrap();
        assert!(detail.starts_with("the request's body paused for 2 s after 10000 bytes;"), "{detail}");
        drop(send);
    }

    #[tokio::test(start_paused = true)]
    async fn the_clock_starts_when_the_body_is_first_read() {
        let (send, mut body, behind) = body();
        tokio::time::sleep(Duration::from_secs(60)).await;
        send.send(Ok(Bytes::from_static(b"late but whole"))).await.unwrap();
        drop(send);
        assert!(next(&mut body).await.unwrap().is_ok());
        assert!(next(&mut body).await.is_none());
        assert!(behind.get().is_none());
    }

    #[test]
    fn a_bound_and_a_pace_read_as_a_person_reads_them() {
        assert_eq!(Pace::DEFAULT.bound(32 << 20), Duration::from_secs(10 + 512));
        assert_eq!(seconds(Duration::from_millis(500)), "0.5 s");
        assert_eq!(rate(65536.0), "64 KiB/s");
        assert!(Pace::DEFAULT.expected().contains("at least 64 KiB/s on average after its first 10 s"));
    }
}
