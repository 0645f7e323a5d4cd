//! The page's side of files and links. A page cannot name files on a disk, so it asks the
//! browser instead: its file dialog, files dropped on the page, downloads. A link changed after
//! the page loaded is heard here too. What arrives waits in the [`Inbox`] until the next frame
//! takes it ([`crate::platform::arrivals`]): the browser hands a file's bytes over later, in a callback.

use crate::case::incoming::Purpose;
use crate::case::playback::LabSet;
use crate::case::scenario_io::{
    Delivered, Delivery, DeliverySet, ScenarioFiles, ScenarioRequest, Status, report,
};
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use gjk_lab_files::incoming::Incoming;
use std::sync::{Arc, Mutex, PoisonError};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Something the browser handed over.
#[derive(Debug)]
pub enum Arrival {
    /// Picked in the file dialog opened for this purpose.
    Picked(Purpose, Incoming),
    /// Dropped at this point of the page (CSS pixels from its top left, which are the window's
    /// logical pixels: the canvas fills the page).
    Dropped(Incoming, Vec2),
    /// The page's link changed (`#case=…`).
    Link(String),
    /// A file that could not be read, and why.
    Unreadable(String),
}

/// Arrivals not yet taken. The browser's callbacks push; a system takes them each frame.
#[derive(Resource, Clone, Default)]
pub struct Inbox {
    held: Arc<Mutex<Vec<Arrival>>>,
    /// Asks for a frame: the app draws only on input ([`crate::app::frames`]), and a file that
    /// arrives from the browser is not input winit sees.
    wake: Arc<Mutex<Option<Waker>>>,
}

type Waker = Box<dyn Fn() + Send + Sync>;

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox").field("held", &self.held).finish()
    }
}

impl Inbox {
    fn push(&self, arrival: Arrival) {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(arrival);
        if let Some(wake) = &*self.wake.lock().unwrap_or_else(PoisonError::into_inner) {
            wake();
        }
    }

    pub fn take(&self) -> Vec<Arrival> {
        std::mem::take(&mut *self.held.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

pub(crate) fn plugin(app: &mut App) {
    let handled = crate::case::scenario_io::handle_requests;
    app.init_resource::<Inbox>()
        .add_systems(Startup, listen)
        .add_systems(
            Update,
            (open_dialogs, download.in_set(DeliverySet))
                .in_set(LabSet::Input)
                .after(handled),
        );
}

/// Opens the file dialog for each request to pick a file.
fn open_dialogs(
    mut requests: MessageReader<ScenarioRequest>,
    inbox: Res<Inbox>,
    mut files: ResMut<ScenarioFiles>,
) {
    for request in requests.read() {
        if let ScenarioRequest::Pick(purpose) = request
            && let Err(e) = pick(&inbox, *purpose)
        {
            files.status = Status::failed(format!("Could not open the file dialog: {e}"));
            info!("{}", files.status);
        }
    }
}

/// Hands each delivery over as a download, by its file name (a page names no folders).
fn download(
    mut deliveries: MessageReader<Delivery>,
    mut files: ResMut<ScenarioFiles>,
    mut delivered: MessageWriter<Delivered>,
) {
    for delivery in deliveries.read() {
        let (path, what) = (&delivery.path, delivery.what);
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let line = match download_as(&name, &delivery.bytes) {
            Ok(()) => Ok(format!("Downloaded {what} as {name}")),
            Err(e) => Err(format!("Could not download {what}: {e}")),
        };
        report(delivery, line, &mut files, &mut delivered);
    }
}

fn listen(inbox: Res<Inbox>, proxy: Res<EventLoopProxyWrapper>) {
    let proxy = (**proxy).clone();
    let wake: Waker = Box::new(move || {
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    });
    *inbox.wake.lock().unwrap_or_else(PoisonError::into_inner) = Some(wake);
    if let Err(e) = install(&inbox) {
        warn!(
            "files dropped on the page and links changed after it loaded will not be read: {}",
            said(e)
        );
    }
}

/// The page's listeners, kept for its whole life (hence `forget`).
fn install(inbox: &Inbox) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    // A drop only arrives if the drag over the page was accepted; otherwise the browser
    // leaves the page and shows the file.
    let over = Closure::<dyn FnMut(_)>::new(|e: web_sys::DragEvent| e.prevent_default());
    window.add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref())?;
    over.forget();

    let to = inbox.clone();
    let drop = Closure::<dyn FnMut(_)>::new(move |e: web_sys::DragEvent| {
        e.prevent_default();
        let at = Vec2::new(e.client_x() as f32, e.client_y() as f32);
        for file in listed(e.data_transfer().and_then(|d| d.files())) {
            read(file, to.clone(), move |f| Arrival::Dropped(f, at));
        }
    });
    window.add_event_listener_with_callback("drop", drop.as_ref().unchecked_ref())?;
    drop.forget();

    let to = inbox.clone();
    let changed = Closure::<dyn FnMut()>::new(move || {
        if let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) {
            to.push(Arrival::Link(hash));
        }
    });
    window.add_event_listener_with_callback("hashchange", changed.as_ref().unchecked_ref())?;
    changed.forget();
    Ok(())
}

/// Opens the browser's file dialog, offering the files that fit `purpose`. The chosen file
/// arrives in `inbox`; nothing does if the dialog is cancelled. Browsers open the dialog only
/// shortly after a click, which is when the panel asks.
fn pick(inbox: &Inbox, purpose: Purpose) -> Result<(), String> {
    let document = document()?;
    let input: web_sys::HtmlInputElement = document
        .create_element("input")
        .map_err(said)?
        .dyn_into()
        .map_err(|_| "not an input element".to_string())?;
    input.set_type("file");
    input.set_accept(&purpose.accept());
    input.set_hidden(true);
    // In the page while the dialog is open: an input nothing refers to may be collected, and
    // its answer lost, before the user has chosen.
    document
        .body()
        .ok_or("the page has no body")?
        .append_child(&input)
        .map_err(said)?;
    let to = inbox.clone();
    let chosen = input.clone();
    let change = Closure::<dyn FnMut()>::new(move || {
        for file in listed(chosen.files()) {
            read(file, to.clone(), move |f| Arrival::Picked(purpose, f));
        }
        chosen.remove();
    });
    input.set_onchange(Some(change.as_ref().unchecked_ref()));
    change.forget();
    let gone = input.clone();
    let cancel = Closure::<dyn FnMut()>::new(move || gone.remove());
    input
        .add_event_listener_with_callback("cancel", cancel.as_ref().unchecked_ref())
        .map_err(said)?;
    cancel.forget();
    input.click();
    Ok(())
}

/// Hands `bytes` to the browser as a download called `name`.
fn download_as(name: &str, bytes: &[u8]) -> Result<(), String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(if name.ends_with(".json") {
        "application/json"
    } else {
        "text/plain"
    });
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(said)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(said)?;
    let link: web_sys::HtmlAnchorElement = document()?
        .create_element("a")
        .map_err(said)?
        .dyn_into()
        .map_err(|_| "not an anchor element".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The browser reads the blob after the click returns: free it a while later.
    let free = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    web_sys::window()
        .ok_or("no window")?
        .set_timeout_with_callback_and_timeout_and_arguments_0(free.unchecked_ref(), 60_000)
        .map_err(said)?;
    Ok(())
}

/// Reads a file's bytes (a promise the browser keeps later), then puts `arrival` of it in the
/// inbox, or why it could not be read.
fn read(file: web_sys::File, inbox: Inbox, arrival: impl FnOnce(Incoming) -> Arrival + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                inbox.push(arrival(Incoming::given(name, bytes)));
            }
            Err(e) => inbox.push(Arrival::Unreadable(format!("{name}: {}", said(e)))),
        }
    });
}

fn listed(files: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    files.map_or_else(Vec::new, |list| {
        (0..list.length()).filter_map(|i| list.get(i)).collect()
    })
}

fn document() -> Result<web_sys::Document, String> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| "no document".to_string())
}

/// A JavaScript error's message.
fn said(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_else(|| format!("{e:?}"))
}
