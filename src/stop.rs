//! How a serving command learns it should stop: the signals that end `oz0 edge serve` and `oz0 console`.

/// Returns a future that completes on Ctrl-C or SIGTERM, catching both from now on.
#[cfg(unix)]
pub fn shutdown() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// Returns a future that completes on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
