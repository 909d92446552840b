#pragma once
// Whether the tests run under a sanitizer, for the few answers that differ there by the sanitizer's design.

namespace crashbench::testing {

/// True in a build under AddressSanitizer (GCC says so with a macro, clang with __has_feature).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kUnderAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace crashbench::testing
