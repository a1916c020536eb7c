// The system's C library, for every target of the package: glibc on Debian and most
// distributions, musl on Alpine. `import LibC` replaces the `#if canImport(Glibc)` block that
// once opened some eighty files, so a new C library is one line here.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
