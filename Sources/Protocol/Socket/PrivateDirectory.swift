import Glibc

/// The per-user runtime directory rules, as tmux and ssh-agent apply them: the directory must
/// be a real directory (not a symlink), owned by us, with no group or other permissions.
public enum PrivateDirectory {
    /// Creates `path` mode 0700 if it does not exist, then checks it. Returns nil when it is
    /// fit for use, else a sentence naming the problem and the fix.
    public static func prepare(_ path: String) -> String? {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno))
            return "Cannot create the directory \(path): \(reason). Check that its parent exists and is writable."
        }
        return check(path)
    }

    /// Checks an existing directory without creating it. Nil when fit for use; a missing
    /// directory is reported as such.
    public static func check(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return "Cannot use \(path): \(String(cString: strerror(errno)))."
        }
        guard info.st_mode & S_IFMT != S_IFLNK else {
            return "\(path) is a symbolic link, not a directory (someone may have planted it); timerd refuses to follow it. Remove it (`rm \(path)`) and try again."
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "\(path) is not a directory; timerd refuses to use it. Remove it and try again."
        }
        guard info.st_uid == getuid() else {
            return "\(path) belongs to user \(info.st_uid), not to you (\(getuid())); timerd refuses to use it. Remove it, or set XDG_RUNTIME_DIR to a private directory."
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return "\(path) has mode \(mode), so other users could reach timerd's socket; run `chmod 700 \(path)` and try again."
        }
        return nil
    }
}
