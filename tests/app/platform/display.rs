//! A display that answers and then refuses us, or a machine with no graphics adapter, ends with
//! one line naming the fix, not a panic's backtrace; the display server is the one winit picks.

use gjk_lab::platform::display::{Server, check, opened};

#[test]
fn a_refused_display_or_a_missing_adapter_is_one_line_naming_the_fix() {
    // What bevy_winit panics with when the display server refuses the connection.
    let refusal = "Failed to build event loop: Os(XOpenDisplayFailed)";
    let x11 = Server::X11(":0".into());
    let why = opened(x11.clone(), || panic!("{refusal}")).unwrap_err();
    assert!(
        why.contains("refused") && why.contains("XAUTHORITY") && why.contains(":0"),
        "{why}"
    );
    let wayland = Server::Wayland("wayland-1".into());
    let why = opened(wayland, || panic!("{refusal}")).unwrap_err();
    assert!(
        why.contains("wayland-1") && why.contains("unset WAYLAND_DISPLAY"),
        "{why}"
    );
    // What the renderer panics with when no adapter answers.
    let why = opened(x11.clone(), || {
        panic!("Unable to find a GPU! Make sure you have installed required drivers!")
    })
    .unwrap_err();
    assert!(why.contains("mesa-vulkan-drivers"), "{why}");
    // A run that ends is its exit code; any other panic is not hidden.
    assert_eq!(opened(x11.clone(), || 3), Ok(3));
    let other = std::panic::catch_unwind(|| opened(x11, || panic!("a bug of ours")));
    assert!(other.is_err());
}

#[test]
fn the_server_is_the_one_winit_picks_wayland_first() {
    if cfg!(any(windows, target_os = "macos")) {
        assert_eq!(
            Server::chosen(Some("wayland-0"), Some(":0")),
            Server::Native
        );
        return;
    }
    assert_eq!(
        Server::chosen(Some("wayland-0"), Some(":0")),
        Server::Wayland("wayland-0".into())
    );
    assert_eq!(
        Server::chosen(Some(""), Some(":0")),
        Server::X11(":0".into())
    );
    assert_eq!(Server::chosen(None, Some(":1")), Server::X11(":1".into()));
    assert_eq!(Server::chosen(None, Some("")), Server::None);
    assert_eq!(Server::chosen(None, None), Server::None);
}

#[test]
fn a_server_that_does_not_answer_is_named_with_what_to_do() {
    if cfg!(any(windows, target_os = "macos")) {
        assert_eq!(check(&Server::Native), Ok(()));
        return;
    }
    let why = check(&Server::Wayland("/nonexistent/wayland-9".into())).unwrap_err();
    assert!(
        why.contains("/nonexistent/wayland-9") && why.contains("unset WAYLAND_DISPLAY"),
        "{why}"
    );
    let why = check(&Server::X11("nonexistent.invalid:7".into())).unwrap_err();
    assert!(why.contains("DISPLAY=nonexistent.invalid:7"), "{why}");
    let why = check(&Server::None).unwrap_err();
    assert!(why.contains("xvfb-run"), "{why}");
}
