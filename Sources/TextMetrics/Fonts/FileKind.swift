#if canImport(Glibc)
import Glibc
#endif

/// What a file of `mode` (`stat`'s `st_mode`) is, in words for a message: "a FIFO (named pipe)",
/// "a character device", …: why something read only as a regular file (a font, a golden) is refused.
package func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a directory"
    default: "not a file"
    }
}
