//! The embedded PostgreSQL used when no `DATABASE_URL` is given: a private cluster under the
//! data directory, run with the machine's own PostgreSQL binaries.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Why the embedded cluster could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    /// No PostgreSQL server binaries on this machine.
    #[error(
        "PostgreSQL's server programs (initdb, pg_ctl) were not found on PATH or under /usr/lib/postgresql/*/bin: install them (on Debian or Ubuntu: apt-get install postgresql), or set DATABASE_URL to an existing database"
    )]
    NoBinaries,
    /// Running as root without an unprivileged user to run PostgreSQL as.
    #[error(
        "PostgreSQL refuses to run as root and there is no 'postgres' system user to run it as: create one (apt-get install postgresql does), run motti as an ordinary user, or set DATABASE_URL"
    )]
    NoUnprivilegedUser,
    /// A command failed.
    #[error("{step} failed: {detail}")]
    Command {
        /// What was being done.
        step: &'static str,
        /// What the command said.
        detail: String,
    },
    /// A file system operation failed.
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
}

/// A running private PostgreSQL cluster.
#[derive(Debug)]
pub struct EmbeddedPg {
    data: PathBuf,
    bin: PathBuf,
    run_as: Option<(u32, u32)>,
    port: u16,
    created: bool,
}

/// Where clusters go whose data directory the PostgreSQL user cannot reach, one per data directory.
pub const RELOCATED_ROOT: &str = "/var/lib/motti";

/// The database motti keeps its data in, inside the embedded cluster.
const DATABASE: &str = "motti";

impl EmbeddedPg {
    /// Starts (initialising on first use) the cluster under `dir/pg`, or attaches to it when a
    /// previous run left it running. Blocking: call from a blocking thread.
    pub fn start(dir: &Path) -> Result<EmbeddedPg, PgError> {
        let bin = find_binaries().ok_or(PgError::NoBinaries)?;
        let run_as = unprivileged_user()?;
        std::fs::create_dir_all(dir).map_err(|e| PgError::Io(dir.display().to_string(), e))?;
        let dir = dir
            .canonicalize()
            .map_err(|e| PgError::Io(dir.display().to_string(), e))?;
        let mut data = dir.join("pg");
        if let Some((uid, gid)) = run_as {
            if data.join("PG_VERSION").exists() || reachable(&dir, uid, gid) {
                // The PostgreSQL user must be able to enter the data directory motti owns.
                let meta = std::fs::metadata(&dir)
                    .map_err(|e| PgError::Io(dir.display().to_string(), e))?;
                let mode = meta.permissions().mode() | 0o111;
                std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode))
                    .map_err(|e| PgError::Io(dir.display().to_string(), e))?;
            } else {
                // A parent (such as root's 0700 home) is closed to it, and is not ours to open.
                data = relocated(&dir);
                tracing::warn!(
                    data_dir = %dir.display(),
                    cluster = %data.display(),
                    "the PostgreSQL user cannot reach the data directory; the embedded cluster is kept in its own directory instead"
                );
                std::fs::create_dir_all(RELOCATED_ROOT)
                    .map_err(|e| PgError::Io(RELOCATED_ROOT.into(), e))?;
            }
            if !data.exists() {
                std::fs::create_dir(&data)
                    .map_err(|e| PgError::Io(data.display().to_string(), e))?;
            }
            std::os::unix::fs::chown(&data, Some(uid), Some(gid))
                .map_err(|e| PgError::Io(data.display().to_string(), e))?;
            std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700))
                .map_err(|e| PgError::Io(data.display().to_string(), e))?;
        }
        let mut pg = EmbeddedPg {
            data,
            bin,
            run_as,
            port: 0,
            created: false,
        };
        if !pg.data.join("PG_VERSION").exists() {
            pg.initdb()?;
            pg.created = true;
        }
        match pg.running_port() {
            Some(port) => pg.port = port,
            None => {
                pg.port = free_port()?;
                pg.pg_ctl_start()?;
            }
        }
        if pg.ensure_database()? {
            pg.created = true;
        }
        Ok(pg)
    }

    /// Whether this start made the cluster or motti's database in it (a first start).
    pub fn created(&self) -> bool {
        self.created
    }

    /// The directory the cluster's files are in.
    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    /// The URL of motti's database in this cluster.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{DATABASE}", self.port)
    }

    /// The URL of the cluster's maintenance database, for creating and dropping databases.
    pub fn admin_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// The port the cluster listens on (127.0.0.1 only).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops the cluster, waiting for it to shut down cleanly. Blocking.
    pub fn stop(&self) -> Result<(), PgError> {
        let out = self.run(
            self.tool("pg_ctl")
                .args(["-D"])
                .arg(&self.data)
                .args(["-m", "fast", "-w", "stop"]),
        )?;
        check("stopping PostgreSQL", out).map(|_| ())
    }

    fn tool(&self, name: &str) -> Command {
        let mut cmd = Command::new(self.bin.join(name));
        if let Some((uid, gid)) = self.run_as {
            cmd.uid(uid).gid(gid);
            // The caller's working directory may be unreadable to the PostgreSQL user.
            cmd.current_dir(&self.data);
        }
        cmd.env("LC_ALL", "C");
        cmd
    }

    fn run(&self, cmd: &mut Command) -> Result<Output, PgError> {
        cmd.output()
            .map_err(|e| PgError::Io(format!("running {:?}", cmd.get_program()), e))
    }

    fn initdb(&self) -> Result<(), PgError> {
        let out = self.run(self.tool("initdb").arg("-D").arg(&self.data).args([
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
        ]))?;
        check("initdb", out).map(|_| ())
    }

    fn pg_ctl_start(&self) -> Result<(), PgError> {
        let options = format!("-p {} -h 127.0.0.1 -k ''", self.port);
        let log = self.data.join("server.log");
        let out = self.run(
            self.tool("pg_ctl")
                .arg("-D")
                .arg(&self.data)
                .arg("-l")
                .arg(&log)
                .args(["-o", &options, "-w", "-t", "60", "start"]),
        )?;
        check("starting PostgreSQL", out).map(|_| ())
    }

    /// The port of a server already running on this data directory, if any.
    fn running_port(&self) -> Option<u16> {
        let out = self
            .run(self.tool("pg_ctl").arg("-D").arg(&self.data).arg("status"))
            .ok()?;
        if !out.status.success() {
            return None;
        }
        let pid_file = std::fs::read_to_string(self.data.join("postmaster.pid")).ok()?;
        pid_file.lines().nth(3)?.trim().parse().ok()
    }

    /// Creates motti's database unless it is there; says whether it did.
    fn ensure_database(&self) -> Result<bool, PgError> {
        let psql = self.bin.join("psql");
        let port = self.port.to_string();
        let exists = self.run(self.tool("psql").args([
            "-h",
            "127.0.0.1",
            "-p",
            &port,
            "-U",
            "postgres",
            "-d",
            "postgres",
            "-tAc",
            &format!("select 1 from pg_database where datname = '{DATABASE}'"),
        ]));
        let exists = match exists {
            Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim() == "1",
            Ok(out) => return check("checking the motti database", out).map(|_| false),
            Err(e) => return Err(e),
        };
        if !exists && psql.exists() {
            let out = self.run(self.tool("createdb").args([
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                "postgres",
                DATABASE,
            ]))?;
            check("creating the motti database", out)?;
            return Ok(true);
        }
        Ok(false)
    }
}

fn check(step: &'static str, out: Output) -> Result<Output, PgError> {
    if out.status.success() {
        Ok(out)
    } else {
        let mut detail = String::from_utf8_lossy(&out.stderr).trim().to_string();
        if detail.is_empty() {
            detail = String::from_utf8_lossy(&out.stdout).trim().to_string();
        }
        Err(PgError::Command { step, detail })
    }
}

/// The directory holding initdb and pg_ctl: on PATH first, then the newest /usr/lib/postgresql/*/bin.
pub fn find_binaries() -> Option<PathBuf> {
    let has_tools = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if has_tools(&dir) {
                // Resolve links so psql and createdb are found beside initdb.
                let real = dir.join("initdb").canonicalize().ok()?;
                return real.parent().map(Path::to_path_buf);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            Some((version, e.path().join("bin")))
        })
        .filter(|(_, bin)| has_tools(bin))
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// When running as root: the uid and gid of the `postgres` system user to run the cluster as.
fn unprivileged_user() -> Result<Option<(u32, u32)>, PgError> {
    let me = std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(1);
    if me != 0 {
        return Ok(None);
    }
    let passwd =
        std::fs::read_to_string("/etc/passwd").map_err(|e| PgError::Io("/etc/passwd".into(), e))?;
    passwd
        .lines()
        .map(|line| line.split(':').collect::<Vec<_>>())
        .find(|fields| fields.first() == Some(&"postgres") && fields.len() > 3)
        .and_then(|f| Some((f[2].parse().ok()?, f[3].parse().ok()?)))
        .map(Some)
        .ok_or(PgError::NoUnprivilegedUser)
}

/// Whether the user `uid`/`gid` may pass through every parent of `dir` (by the mode bits).
pub fn reachable(dir: &Path, uid: u32, gid: u32) -> bool {
    dir.ancestors().skip(1).all(|parent| {
        std::fs::metadata(parent).is_ok_and(|m| {
            let bit = if m.uid() == uid {
                0o100
            } else if m.gid() == gid {
                0o010
            } else {
                0o001
            };
            m.mode() & bit != 0
        })
    })
}

/// The cluster directory for data directory `dir` under [`RELOCATED_ROOT`]: named by a hash of
/// its path, so each data directory keeps finding its own cluster.
pub fn relocated(dir: &Path) -> PathBuf {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(dir.as_os_str().as_encoded_bytes());
    Path::new(RELOCATED_ROOT).join(hex::encode(&hash[..8]))
}

fn free_port() -> Result<u16, PgError> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|e| PgError::Io("finding a free port".into(), e))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| PgError::Io("finding a free port".into(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_private_parent_is_out_of_another_users_reach() {
        let parent = std::env::temp_dir().join(format!("motti-reach-{}", std::process::id()));
        let dir = parent.join("data");
        std::fs::create_dir_all(&dir).expect("creates");
        let owner = std::fs::metadata(&parent).expect("meta");
        let stranger = (
            owner.uid().wrapping_add(4242),
            owner.gid().wrapping_add(4242),
        );
        std::fs::set_permissions(&parent, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        assert!(!reachable(&dir, stranger.0, stranger.1));
        assert!(reachable(&dir, owner.uid(), owner.gid()));
        std::fs::set_permissions(&parent, std::fs::Permissions::from_mode(0o711)).expect("chmod");
        assert!(reachable(&dir, stranger.0, stranger.1));
        std::fs::remove_dir_all(&parent).ok();
    }

    #[test]
    fn each_data_directory_has_its_own_relocated_cluster() {
        let a = relocated(Path::new("/root/motti/data"));
        assert_eq!(a, relocated(Path::new("/root/motti/data")));
        assert_ne!(a, relocated(Path::new("/root/other/data")));
        assert!(a.starts_with(RELOCATED_ROOT));
    }
}
