//! Scanning bytes, 64 at a time where the processor has AVX-512 (`cpu`), each path with a portable twin
//! that gives the same results: UTF-8 checks (`utf8`) and line ends (`lines`).

pub(crate) mod cpu;
#[cfg(feature = "fit")]
pub(crate) mod lines;
#[cfg(feature = "fit")]
pub(crate) mod utf8;
