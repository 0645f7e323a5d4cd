//! Integration tests of the solver: Voronoi regions, analytic answers, parry3d as an oracle,
//! properties, and the failure cases of the articles we started from.

mod solver {
    pub mod acceleration;
    pub mod analytic;
    pub mod cast_hostile;
    pub mod cast_oracle;
    pub mod cast_properties;
    pub mod cast_trust;
    pub mod casts;
    pub mod common;
    pub mod compare;
    pub mod depth_bounds;
    pub mod far;
    pub mod from_parry;
    pub mod gallery;
    pub mod hill_climb;
    pub mod oracle;
    pub mod penetration;
    pub mod properties;
    pub mod radii;
    pub mod regions;
    pub mod reliability;
    pub mod scenario_files;
    pub mod sweep;
    pub mod warm;
}
