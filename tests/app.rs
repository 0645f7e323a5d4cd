//! Tests of the app: the command line, the stepping state (headless, no window) and, ignored by
//! default because they need a display, the render checks (`./lab test` runs them under Xvfb).

mod app {
    pub mod arrivals;
    pub mod classroom;
    pub mod cli;
    pub mod comparing;
    pub mod import;
    pub mod layout;
    pub mod one_trace;
    pub mod render;
    pub mod robustness;
    pub mod stepping;
    pub mod sweeping;
    pub mod views;
    pub mod web;
}
