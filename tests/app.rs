//! Tests of the app: the command line, the stepping state (headless, no window) and, ignored by
//! default because they need a display, the render checks (`./lab test` runs them under Xvfb).

mod app {
    pub mod docs;
    pub mod layout;
    pub mod case {
        pub mod arrivals;
        pub mod captured;
        pub mod comparing;
        pub mod floors;
        pub mod import;
        pub mod manifold;
        pub mod one_trace;
        pub mod pieces;
        pub mod robustness;
        pub mod stepping;
        pub mod sweeping;
    }
    pub mod views {
        pub mod cameras;
        pub mod fonts;
        pub mod framing;
        pub mod pictures;
        pub mod plane;
        pub mod render;
    }
    pub mod teach {
        pub mod authoring;
        pub mod classroom;
        pub mod lessons;
    }
    pub mod cli {
        pub mod commands;
        pub mod meshes;
    }
    pub mod platform {
        pub mod display;
        pub mod web;
    }
}
