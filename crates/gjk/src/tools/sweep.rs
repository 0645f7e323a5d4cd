//! Sweeps: one scenario run at many values of one parameter (or a grid of two), to see what a
//! tolerance, a cap, a position or an angle does to every run.
//!
//! Each sample reports the iterations, the termination, the answer and its error against an f64
//! reference: the distance GJK in f64 at the default tolerances on the same pose, which is
//! certified to 1e-9 relative by its gap test. Tolerances are swept on a log scale.

use crate::config::{Algorithm, Precision, SolverConfig};
use crate::query::query;
use crate::scenario::Scenario;
use crate::shape::prepared::PreparedShape;
use crate::trace::{Certificate, NoTrace, Outcome, Termination};
use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a sweep varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepParam {
    /// The gap test's relative tolerance.
    RelTolerance,
    /// The absolute tolerance (touching).
    AbsTolerance,
    /// GJK's iteration cap.
    MaxIterations,
    /// B's position along one axis (the value replaces that coordinate).
    BX,
    /// B's position along y.
    BY,
    /// B's position along z.
    BZ,
    /// B turned by the value (degrees) about a world axis, on top of its own rotation.
    BAngleX,
    /// B turned about the world's y axis.
    BAngleY,
    /// B turned about the world's z axis.
    BAngleZ,
}

impl SweepParam {
    /// Every parameter, in the order the panel offers them.
    pub const ALL: [SweepParam; 9] = [
        SweepParam::RelTolerance,
        SweepParam::AbsTolerance,
        SweepParam::MaxIterations,
        SweepParam::BX,
        SweepParam::BY,
        SweepParam::BZ,
        SweepParam::BAngleX,
        SweepParam::BAngleY,
        SweepParam::BAngleZ,
    ];

    /// The name the command line and the panel use.
    pub fn name(self) -> &'static str {
        match self {
            SweepParam::RelTolerance => "rel_tolerance",
            SweepParam::AbsTolerance => "abs_tolerance",
            SweepParam::MaxIterations => "max_iterations",
            SweepParam::BX => "b.x",
            SweepParam::BY => "b.y",
            SweepParam::BZ => "b.z",
            SweepParam::BAngleX => "b.angle_x",
            SweepParam::BAngleY => "b.angle_y",
            SweepParam::BAngleZ => "b.angle_z",
        }
    }

    /// Tolerances span decades, so their samples are spaced evenly in log₁₀.
    pub fn logarithmic(self) -> bool {
        matches!(self, SweepParam::RelTolerance | SweepParam::AbsTolerance)
    }

    /// The value this parameter has in `scenario`.
    pub fn current(self, scenario: &Scenario) -> f64 {
        let c = scenario.config();
        let p = scenario.b.position;
        match self {
            SweepParam::RelTolerance => c.rel_tolerance,
            SweepParam::AbsTolerance => c.abs_tolerance,
            SweepParam::MaxIterations => f64::from(c.max_iterations),
            SweepParam::BX => p.x,
            SweepParam::BY => p.y,
            SweepParam::BZ => p.z,
            SweepParam::BAngleX | SweepParam::BAngleY | SweepParam::BAngleZ => 0.0,
        }
    }

    /// `scenario` with this parameter set to `value`.
    pub fn apply(self, scenario: &mut Scenario, value: f64) {
        let turn = |axis: DVec3, s: &mut Scenario| {
            s.b.rotation = DQuat::from_axis_angle(axis, value.to_radians()) * s.b.rotation;
        };
        match self {
            SweepParam::RelTolerance => scenario.solver.rel_tolerance = Some(value),
            SweepParam::AbsTolerance => scenario.solver.abs_tolerance = Some(value),
            SweepParam::MaxIterations => {
                scenario.solver.max_iterations = Some(value.round().max(1.0) as u32);
            }
            SweepParam::BX => scenario.b.position.x = value,
            SweepParam::BY => scenario.b.position.y = value,
            SweepParam::BZ => scenario.b.position.z = value,
            SweepParam::BAngleX => turn(DVec3::X, scenario),
            SweepParam::BAngleY => turn(DVec3::Y, scenario),
            SweepParam::BAngleZ => turn(DVec3::Z, scenario),
        }
    }
}

impl fmt::Display for SweepParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SweepParam {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        SweepParam::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = SweepParam::ALL.iter().map(|p| p.name()).collect();
                format!("unknown parameter {s:?}; use one of {}", names.join(", "))
            })
    }
}

/// One swept parameter: `samples` values from `from` to `to` inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SweepAxis {
    /// What is varied.
    pub param: SweepParam,
    /// The first value.
    pub from: f64,
    /// The last value.
    pub to: f64,
    /// How many values, evenly spaced.
    pub samples: usize,
}

/// The most samples one sweep may take (a 1000 × 1000 grid).
pub const MAX_SAMPLES: usize = 1_000_000;

impl SweepAxis {
    /// Checks the range; the error names the parameter and what is wrong.
    pub fn validated(self) -> Result<Self, String> {
        let name = self.param.name();
        if !(self.from.is_finite() && self.to.is_finite()) {
            return Err(format!("{name}: the range must be finite numbers"));
        }
        if self.samples == 0 || self.samples > MAX_SAMPLES {
            return Err(format!(
                "{name}: samples must be from 1 to {MAX_SAMPLES}, got {}",
                self.samples
            ));
        }
        if self.param.logarithmic() && (self.from <= 0.0 || self.to <= 0.0) {
            return Err(format!(
                "{name} is swept on a log scale: both ends must be above zero"
            ));
        }
        if self.param == SweepParam::MaxIterations {
            let max = f64::from(crate::config::MAX_ITERATIONS);
            for x in [self.from, self.to] {
                if x.fract() != 0.0 || !(1.0..=max).contains(&x) {
                    return Err(format!(
                        "max_iterations: the range's ends must be whole numbers from 1 to {max}, got {x}"
                    ));
                }
            }
        }
        Ok(self)
    }

    /// The value of sample `i`.
    pub fn value(&self, i: usize) -> f64 {
        let t = if self.samples <= 1 {
            0.0
        } else {
            i as f64 / (self.samples - 1) as f64
        };
        if self.param.logarithmic() {
            let (a, b) = (self.from.log10(), self.to.log10());
            10f64.powf(a + (b - a) * t)
        } else {
            // Not `from + (to − from)·t`: `to − from` overflows for a range like ±1e308.
            self.from * (1.0 - t) + self.to * t
        }
    }
}

/// One run of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SweepSample {
    /// Position in the grid: `[i]` along the first axis, `[j]` along the second (0 for 1D).
    pub index: [usize; 2],
    /// The swept values: `[first]`, or `[first, second]` for a grid.
    pub value: [f64; 2],
    /// GJK's iterations.
    pub iterations: u32,
    /// What ended the run.
    pub termination: Termination,
    /// Its answer.
    pub outcome: Outcome,
    /// What the run proved.
    pub certificate: Certificate,
    /// Distance GJK's answer (0 when intersecting); none for boolean GJK.
    pub distance: Option<f64>,
    /// The f64 reference distance on the same pose (0 when intersecting).
    pub reference: f64,
    /// `|distance − reference|`, or 1 when a boolean answer contradicts the reference.
    pub error: Option<f64>,
}

impl SweepSample {
    /// Whether the run proved its answer (see [`Certificate`]), rather than stopping on
    /// rounding, degeneracy or the iteration cap.
    pub fn certified(&self) -> bool {
        self.certificate.certified
    }
}

/// A sample whose scenario the validation refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepRefusal {
    /// Its position in the grid.
    pub index: [usize; 2],
    /// Its swept values.
    pub value: [f64; 2],
    /// Why the scenario was refused.
    pub reason: String,
}

/// A sweep over one axis, or a grid over two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    /// The first axis.
    pub first: SweepAxis,
    /// The second axis, for a grid.
    pub second: Option<SweepAxis>,
}

impl Sweep {
    /// How many samples: the product of the axes' samples.
    pub fn len(&self) -> usize {
        self.first.samples * self.second.map_or(1, |s| s.samples)
    }

    /// Whether the sweep has no sample.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks both axes and the grid's size.
    pub fn validated(self) -> Result<Self, String> {
        self.first.validated()?;
        if let Some(s) = self.second {
            s.validated()?;
            if s.param == self.first.param {
                return Err(format!("{}: both axes sweep the same parameter", s.param));
            }
        }
        if self.len() > MAX_SAMPLES {
            return Err(format!(
                "the grid has {} samples; at most {MAX_SAMPLES}",
                self.len()
            ));
        }
        Ok(self)
    }

    /// The scenario at grid position `(i, j)`.
    pub fn scenario_at(&self, base: &Scenario, i: usize, j: usize) -> Scenario {
        let mut s = base.clone();
        self.first.param.apply(&mut s, self.first.value(i));
        if let Some(second) = &self.second {
            second.param.apply(&mut s, second.value(j));
        }
        s
    }

    /// Sample `n`'s grid position and parameter values (row-major: the first axis varies
    /// fastest).
    pub fn position(&self, n: usize) -> ([usize; 2], [f64; 2]) {
        let (i, j) = (n % self.first.samples, n / self.first.samples);
        let value = [self.first.value(i), self.second.map_or(0.0, |s| s.value(j))];
        ([i, j], value)
    }

    /// Runs sample `n` (row-major: the first axis varies fastest) on `base`'s shapes, prepared
    /// once for the whole sweep (no parameter changes a shape), or says why its scenario is
    /// refused (a position swept beyond the precision's limit, say): each sample is validated
    /// like a scenario file.
    pub fn sample(
        &self,
        base: &Scenario,
        shapes: &[PreparedShape; 2],
        n: usize,
    ) -> Result<SweepSample, SweepRefusal> {
        let ([i, j], value) = self.position(n);
        let s = self
            .scenario_at(base, i, j)
            .validated()
            .map_err(|e| SweepRefusal {
                index: [i, j],
                value,
                reason: e.to_string(),
            })?;
        let config = s.config();
        let [a, b] = s.placed(shapes);
        let solve = |config: &SolverConfig| query(a, b, config, None, &mut NoTrace);
        let finish = solve(&config);
        let reference = solve(&SolverConfig::default_for(
            Algorithm::Distance,
            Precision::F64,
        ))
        .outcome
        .distance()
        .unwrap_or(0.0);
        let distance = match (config.algorithm, finish.outcome) {
            (a, Outcome::Separated { distance, .. }) if a.measures_distance() => Some(distance),
            (a, Outcome::Intersecting) if a.measures_distance() => Some(0.0),
            _ => None,
        };
        let error = match (distance, finish.intersecting()) {
            (Some(d), _) => Some((d - reference).abs()),
            (None, Some(hit)) => Some(if hit == (reference == 0.0) { 0.0 } else { 1.0 }),
            (None, None) => None,
        };
        Ok(SweepSample {
            index: [i, j],
            value,
            iterations: finish.iterations,
            termination: finish.termination,
            outcome: finish.outcome,
            certificate: finish.certificate,
            distance,
            reference,
            error,
        })
    }

    /// Runs every sample in order, counting finished samples in `progress` (for a progress bar
    /// on another thread) and stopping early, with what it has, when `cancel` says so.
    pub fn run(
        &self,
        base: &Scenario,
        shapes: &[PreparedShape; 2],
        progress: &AtomicUsize,
        cancel: &dyn Fn() -> bool,
    ) -> Vec<Result<SweepSample, SweepRefusal>> {
        let mut out = Vec::with_capacity(self.len());
        for n in 0..self.len() {
            if n % 64 == 0 && cancel() {
                break;
            }
            out.push(self.sample(base, shapes, n));
            progress.store(n + 1, Ordering::Relaxed);
        }
        out
    }
}
