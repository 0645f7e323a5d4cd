//! Whether a window can be opened here, asked before Bevy is started: winit panics when the
//! display server it is pointed at does not answer.
//!
//! On Linux and the BSDs, winit picks the server the way [`Server::chosen`] does: Wayland when
//! `WAYLAND_DISPLAY` is set, X11 (`DISPLAY`) otherwise, with no fallback from one to the other.
//! Windows and macOS always have their window system; there only [`opened`] has work to do.

use std::panic::{AssertUnwindSafe, PanicHookInfo};
use std::sync::{Arc, Mutex, PoisonError};

/// The display server winit will connect to, read from the environment as winit reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Server {
    /// A Wayland compositor, by the name (or path) of its socket.
    Wayland(String),
    /// An X server, by its `DISPLAY`.
    X11(String),
    /// The system's own window system (Windows, macOS).
    Native,
    /// Neither variable is set.
    None,
}

impl Server {
    /// What winit will try, from `WAYLAND_DISPLAY` and `DISPLAY` (empty counts as unset).
    pub fn chosen(wayland_display: Option<&str>, display: Option<&str>) -> Server {
        if !cfg!(all(unix, not(target_os = "macos"))) {
            return Server::Native;
        }
        match (
            wayland_display.filter(|w| !w.is_empty()),
            display.filter(|d| !d.is_empty()),
        ) {
            (Some(w), _) => Server::Wayland(w.to_string()),
            (None, Some(d)) => Server::X11(d.to_string()),
            (None, None) => Server::None,
        }
    }

    /// The server this process's environment points winit at.
    pub fn here() -> Server {
        let wayland = std::env::var("WAYLAND_DISPLAY").ok();
        let display = std::env::var("DISPLAY").ok();
        Server::chosen(wayland.as_deref(), display.as_deref())
    }
}

/// `Ok` when `server` (the one winit will use: [`Server::here`]) answers; otherwise why not,
/// in words for the user.
pub fn check(server: &Server) -> Result<(), String> {
    match server {
        Server::Native => Ok(()),
        Server::None => Err(
            "no display (neither WAYLAND_DISPLAY nor DISPLAY is set): run it in \
             a desktop session, or under a virtual one: xvfb-run -a gjk-lab …"
                .to_string(),
        ),
        Server::Wayland(name) if socket::wayland(name) => Ok(()),
        Server::Wayland(name) => Err(format!(
            "no Wayland compositor answers at WAYLAND_DISPLAY={name}: is the session running? \
             To use X11 (XWayland) instead, unset WAYLAND_DISPLAY"
        )),
        Server::X11(display) if socket::x11(display) => Ok(()),
        Server::X11(display) => Err(format!(
            "no X server answers at DISPLAY={display}: is it running, and is DISPLAY right?"
        )),
    }
}

/// Runs `open` (the app, in its window, on `server`), turning the panics that winit and the
/// renderer raise when a display that answered then refuses us, or when no graphics adapter
/// exists, into one line saying what to do. Any other panic is reported as before.
pub fn opened(server: Server, open: impl FnOnce() -> i32) -> Result<i32, String> {
    let said: Arc<Mutex<Option<String>>> = Arc::default();
    let heard = said.clone();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| match refusal(&server, info) {
        Some(why) => *heard.lock().unwrap_or_else(PoisonError::into_inner) = Some(why),
        None => previous(info),
    }));
    let ran = std::panic::catch_unwind(AssertUnwindSafe(open));
    // Panics after the window closed are reported by Rust's own hook again.
    drop(std::panic::take_hook());
    match ran {
        Ok(code) => Ok(code),
        Err(payload) => match said.lock().unwrap_or_else(PoisonError::into_inner).take() {
            Some(why) => Err(why),
            None => std::panic::resume_unwind(payload),
        },
    }
}

/// What to do about a panic that means "no window here" on `server`, or `None` for any other.
fn refusal(server: &Server, info: &PanicHookInfo<'_>) -> Option<String> {
    let message = info
        .payload()
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| info.payload().downcast_ref::<&str>().copied())
        .unwrap_or("");
    if message.contains("Failed to build event loop") {
        Some(match server {
            Server::X11(display) => format!(
                "the X server at DISPLAY={display} refused the connection (most often it asks \
                 for an authorization this process does not have): run GJK Lab as the desktop \
                 session's user, set XAUTHORITY to that session's cookie file, or allow local \
                 clients with `xhost +SI:localuser:$USER`"
            ),
            Server::Wayland(name) => format!(
                "the Wayland compositor at WAYLAND_DISPLAY={name} refused the connection: run \
                 GJK Lab as the desktop session's user, or unset WAYLAND_DISPLAY to use X11 \
                 (XWayland)"
            ),
            Server::Native | Server::None => {
                format!("the window system refused to start an event loop ({message})")
            }
        })
    } else if message.contains("Unable to find a GPU") || message.contains("adapter") {
        Some(
            "no graphics adapter answered (no Vulkan, Metal, DirectX 12 or OpenGL driver): on \
             Linux install Mesa's drivers (Debian: mesa-vulkan-drivers), elsewhere update the \
             graphics driver, or try WGPU_BACKEND=gl"
                .to_string(),
        )
    } else {
        None
    }
}

/// Whether a display server listens, by its socket (Linux and the BSDs only).
#[cfg(all(unix, not(target_os = "macos")))]
mod socket {
    use std::net::{TcpStream, ToSocketAddrs};
    use std::os::unix::net::UnixStream;
    use std::path::PathBuf;
    use std::time::Duration;

    /// A Wayland socket: an absolute path, or a name under `$XDG_RUNTIME_DIR`.
    pub fn wayland(name: &str) -> bool {
        let path = if name.starts_with('/') {
            PathBuf::from(name)
        } else {
            match std::env::var_os("XDG_RUNTIME_DIR") {
                Some(dir) => PathBuf::from(dir).join(name),
                None => return false,
            }
        };
        UnixStream::connect(path).is_ok()
    }

    /// `[host]:N[.screen]`: a local X server listens on `/tmp/.X11-unix/XN` (and, on Linux, on
    /// the abstract socket of that name); a remote one on TCP port 6000 + N.
    pub fn x11(display: &str) -> bool {
        let Some((host, rest)) = display.rsplit_once(':') else {
            return false;
        };
        let number = rest.split('.').next().unwrap_or("");
        let Ok(n) = number.parse::<u16>() else {
            return false;
        };
        let path = format!("/tmp/.X11-unix/X{n}");
        if host.is_empty() || host == "unix" {
            return UnixStream::connect(&path).is_ok() || abstract_socket(&path);
        }
        let Some(port) = 6000u16.checked_add(n) else {
            return false;
        };
        (host, port).to_socket_addrs().is_ok_and(|mut addrs| {
            addrs.any(|a| TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok())
        })
    }

    #[cfg(target_os = "linux")]
    fn abstract_socket(path: &str) -> bool {
        use std::os::linux::net::SocketAddrExt;
        std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())
            .and_then(|a| UnixStream::connect_addr(&a))
            .is_ok()
    }

    #[cfg(not(target_os = "linux"))]
    fn abstract_socket(_path: &str) -> bool {
        false
    }
}

/// Windows and macOS: their window system is always there.
#[cfg(not(all(unix, not(target_os = "macos"))))]
mod socket {
    pub fn wayland(_name: &str) -> bool {
        false
    }

    pub fn x11(_display: &str) -> bool {
        false
    }
}
