//! Whether a window can be opened here, asked before Bevy is started: winit panics when the X
//! server it is pointed at does not answer, and this app draws through X11 only (the `x11`
//! feature; a Wayland session serves it through XWayland).

use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::panic::{AssertUnwindSafe, PanicHookInfo};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// `Ok` when an X server answers at `$DISPLAY`; otherwise why not, in words for the user.
pub fn check() -> Result<(), String> {
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(
            if std::env::var_os("WAYLAND_DISPLAY").is_some_and(|w| !w.is_empty()) {
                "only a Wayland display is set (WAYLAND_DISPLAY), and GJK Lab draws through X11: \
             start XWayland (most Wayland desktops do, and set DISPLAY), or run under \
             xvfb-run -a"
                    .to_string()
            } else {
                "no display (DISPLAY is not set): run it in a desktop session, or under a virtual \
             one: xvfb-run -a gjk-lab …"
                    .to_string()
            },
        );
    }
    if answers(&display) {
        Ok(())
    } else {
        Err(format!(
            "no X server answers at DISPLAY={display}: is it running, and is DISPLAY right?"
        ))
    }
}

/// Runs `open` (the app, in its window), turning the panics that winit and the renderer raise
/// when a display that answered then refuses us, or when no graphics adapter exists, into one
/// line saying what to do. Any other panic is reported as before.
pub fn opened(open: impl FnOnce() -> i32) -> Result<i32, String> {
    let said: Arc<Mutex<Option<String>>> = Arc::default();
    let heard = said.clone();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| match refusal(info) {
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

/// What to do about a panic that means "no window here", or `None` for any other.
fn refusal(info: &PanicHookInfo<'_>) -> Option<String> {
    let message = info
        .payload()
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| info.payload().downcast_ref::<&str>().copied())
        .unwrap_or("");
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if message.contains("Failed to build event loop") {
        Some(format!(
            "the X server at DISPLAY={display} refused the connection (most often it asks for \
             an authorization this process does not have): run GJK Lab as the desktop \
             session's user, set XAUTHORITY to that session's cookie file, or allow local \
             clients with `xhost +SI:localuser:$USER`"
        ))
    } else if message.contains("Unable to find a GPU") || message.contains("adapter") {
        Some(
            "no graphics adapter answered (no Vulkan or OpenGL driver): install Mesa's drivers \
             (Debian: mesa-vulkan-drivers), or try WGPU_BACKEND=gl"
                .to_string(),
        )
    } else {
        None
    }
}

/// `[host]:N[.screen]`: a local server listens on `/tmp/.X11-unix/XN` (and, on Linux, on the
/// abstract socket of that name); a remote one on TCP port 6000 + N.
fn answers(display: &str) -> bool {
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
