//! What the processor offers the fitting engine's AVX-512 and AVX2 paths; each path has a portable twin
//! that gives the same results.

/// Returns whether the processor has AVX-512 F and BW: 64-byte comparisons into bit masks.
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx512bw() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
}

/// Returns whether the processor has AVX-512 F, BW and VBMI: byte permutations across 64 bytes too.
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx512vbmi() -> bool {
    avx512bw() && std::is_x86_feature_detected!("avx512vbmi")
}

/// Returns whether the processor has AVX2 and POPCNT (which every processor with AVX2 has): 32-byte
/// comparisons and shuffles, and bit counts of their masks.
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx2() -> bool {
    std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt")
}
