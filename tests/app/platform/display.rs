//! A display that answers and then refuses us, or a machine with no graphics adapter, ends with
//! one line naming the fix, not a panic's backtrace.

use gjk_lab::platform::display::opened;

#[test]
fn a_refused_display_or_a_missing_adapter_is_one_line_naming_the_fix() {
    // What bevy_winit panics with when the X server refuses the connection.
    let refused = opened(|| panic!("Failed to build event loop: Os(XOpenDisplayFailed)"));
    let why = refused.unwrap_err();
    assert!(
        why.contains("refused") && why.contains("XAUTHORITY"),
        "{why}"
    );
    // What the renderer panics with when no adapter answers.
    let why =
        opened(|| panic!("Unable to find a GPU! Make sure you have installed required drivers!"))
            .unwrap_err();
    assert!(why.contains("mesa-vulkan-drivers"), "{why}");
    // A run that ends is its exit code; any other panic is not hidden.
    assert_eq!(opened(|| 3), Ok(3));
    let other = std::panic::catch_unwind(|| opened(|| panic!("a bug of ours")));
    assert!(other.is_err());
}
