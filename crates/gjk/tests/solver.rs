//! Integration tests of the solver: Voronoi regions, analytic answers, parry3d as an oracle,
//! properties, and the failure cases of the articles we started from.

mod solver {
    pub mod common;
    pub mod shape {
        pub mod hill_climb;
    }
    pub mod simplex {
        pub mod regions;
    }
    pub mod gjk {
        pub mod acceleration;
        pub mod analytic;
        pub mod reliability;
        pub mod warm;
    }
    pub mod proof {
        pub mod answers;
        pub mod bounds;
        pub mod closed;
        pub mod closed_triangle;
        pub mod radii;
    }
    pub mod plane {
        pub mod analytic;
        pub mod casts;
        pub mod common;
        pub mod files;
        pub mod oracle;
    }
    pub mod manifold {
        pub mod analytic;
        pub mod oracle;
    }
    pub mod epa {
        pub mod depth_bounds;
        pub mod penetration;
    }
    pub mod query {
        pub mod boxes;
        pub mod epa_off;
        pub mod far;
        pub mod from_parry;
        pub mod oracle;
        pub mod properties;
    }
    pub mod cast {
        pub mod analytic;
        pub mod hostile;
        pub mod oracle;
        pub mod properties;
        pub mod trust;
    }
    pub mod composite {
        pub mod bad;
        pub mod casts;
        pub mod chains;
        pub mod fuzzed;
        pub mod oracle;
        pub mod seams;
    }
    pub mod scenario {
        pub mod engine;
        pub mod engine_manifold;
        pub mod fuzzed;
        pub mod gallery;
        pub mod large_world;
        pub mod pieces;
        pub mod pieces_engine;
        pub mod scenario_files;
    }
    pub mod trace {
        pub mod kinds;
        pub mod words;
    }
    pub mod tools {
        pub mod compare;
        pub mod judgement;
        pub mod sweep;
    }
}
