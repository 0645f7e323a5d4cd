//! Every number an answer gives lies inside what it proves: cast witnesses within the cast's
//! bounds, tiny f32 shapes never proven apart where they overlap, no depth proven for shapes
//! that may be apart, the words giving the number `query` prints, and one `certified` for the
//! whole answer, by one rule whatever path computed it.

use gjk::trace::explain::fmt_num;
use gjk::{Finish, Format, Outcome, Radii, Scenario};

fn scenario(json: &str) -> Scenario {
    Scenario::parse(json, Format::Json).unwrap()
}

fn solve(s: &Scenario) -> Finish {
    gjk::solve(&s.a, &s.b, &s.config())
}

/// Proven bounds that do not cross, and a distance and closest points inside them.
fn inside_its_bounds(f: &Finish) {
    let [lower, upper] = f.certificate.distance_bounds;
    let points = match f.outcome {
        Outcome::Separated {
            point_a, point_b, ..
        } => Some((point_b - point_a).length()),
        _ => None,
    };
    let slack = 1e-12 * (1.0 + upper);
    let numbers = f.outcome.distance().into_iter().chain(points);
    assert!(
        lower <= upper
            && numbers
                .into_iter()
                .all(|x| (lower - slack..=upper + slack).contains(&x)),
        "{f:?}"
    );
}

/// A cast's points at its time lie within the bounds it gives there.
fn cast_points_inside(s: &Scenario) -> gjk::CastAnswer {
    let answer = s.solve_cast().unwrap();
    let [lower, upper] = answer.distance_bounds.unwrap();
    let apart = (answer.point_b.unwrap() - answer.point_a.unwrap()).length();
    let slack = 1e-12 * (1.0 + upper);
    assert!(
        lower <= upper && apart >= lower - slack && apart <= upper + slack,
        "{apart:e}: {answer:?}"
    );
    answer
}

/// A tiny f32 pair that overlaps or touches: never proven apart, its lower bound 0.
fn never_proven_apart(json: &str) {
    let f = solve(&scenario(json));
    inside_its_bounds(&f);
    assert_eq!(f.certificate.distance_bounds[0], 0.0, "{f:?}");
    assert_ne!(f.certificate.intersecting, Some(false), "{f:?}");
}

#[test]
fn a_ray_cast_hit_on_a_ball_and_a_capsule_reports_points_its_bounds_allow() {
    // The witnesses used to be pushed out to the surfaces along the last plane's normal, a few
    // 1e-4 radians off the line between the cores' points: 5.2e-4 apart where the bounds said
    // at most 4.7e-7.
    let s = scenario(
        r#"{"name":"ball-capsule-hit","a":{"shape":{"type":"sphere","radius":1.3408750491255195},"position":[-0.6994428984454077,1.338559372563675,-1.8114856279742515],"rotation":[0.8953364445622803,0.4441929561391511,-0.030962224250025015,-0.010325183990036936],"margin":0.16310337994391272},"b":{"shape":{"type":"capsule","half_height":1.446190905076152,"radius":0.8079053804064408},"position":[3.6789249303680047,-1.3572628231195898,-0.2259651561768885],"rotation":[0.7756382811238008,0.4184182207453886,0.4161335364810076,-0.22392929513439888]},"cast":{"velocity_b":[-7.085075841760563,2.242310443004637,-0.9738366552056532],"max_time":1.0,"target_distance":0.0,"tolerance":1e-06}}"#,
    );
    let answer = cast_points_inside(&s);
    assert!((answer.toi.unwrap() - 0.2574).abs() < 1e-4, "{answer:?}");
    assert!(answer.distance_bounds.unwrap()[1] <= 1e-6, "{answer:?}");
}

#[test]
fn a_point_at_the_centre_of_a_tiny_f32_cone_is_never_proven_apart() {
    // The boolean test's triple products on a cone 1e-12 across are about 1e-36 in f32: turned
    // into the cone's frame they underflowed, the support point was not the furthest along the
    // direction, and its plane "proved" the point 8.8e-13 away.
    never_proven_apart(
        r#"{"name":"point-in-tiny-cone","a":{"shape":{"type":"polytope","vertices":[[0,0,0]]},"rotation":[-0.6259594876537551,0.4359808273807848,0.3994704944060332,-0.37818545320916086]},"b":{"shape":{"type":"cone","half_height":6.242606667059492e-12,"radius":1.7854714603657459e-12},"rotation":[-0.6950902108656758,-0.6893103791206849,-0.20383532282078498,0.25313453545073417]},"solver":{"algorithm":"boolean","precision":"f32","radii":"closed"}}"#,
    );
}

#[test]
fn a_point_on_a_tiny_f32_polygon_gets_bounds_that_do_not_cross() {
    // It used to get [1.8e-12, 1.9e-13].
    never_proven_apart(
        r#"{"name":"point-on-tiny-polygon","a":{"shape":{"type":"sphere","radius":0.0}},"b":{"shape":{"type":"polytope","vertices":[[-3.7625827596918004e-13,1.840058106677485e-12,0],[-5.650171724824753e-15,-2.380540597579586e-12,0],[-3.2165629237783316e-12,-1.2895167822297657e-12,0],[2.526058554355959e-12,1.3918995810239696e-12,0],[1.0724128171163775e-12,4.3809969210789714e-13,0]]},"rotation":[0.9799454763252551,-0.35614621455140294,0.5657054638880037,-0.3866516933846895]},"solver":{"algorithm":"boolean","precision":"f32","rel_tolerance":1e-15,"epa_tolerance":0.0,"radii":"split"}}"#,
    );
}

#[test]
fn cores_that_only_touch_within_a_loose_tolerance_prove_no_depth() {
    // A ball 0.039 over a flat hull, with an absolute tolerance of 1: the cores (the ball's
    // centre and the hull) are 0.539 apart, "touching" by that tolerance. Their depth used to
    // be grown by the radius as if they overlapped: a depth of at least 0.5 for shapes apart.
    for radii in ["closed", "split"] {
        let s = scenario(&format!(
            r#"{{"name":"ball-over-flat-hull","a":{{"shape":{{"type":"polytope","vertices":[[-1,-1,0],[1,-1,0],[1,1,0],[-1,1,0],[0,0,5e-7]]}}}},"b":{{"shape":{{"type":"sphere","radius":0.5}},"position":[0.1,0.2,0.539]}},"solver":{{"radii":"{radii}","abs_tolerance":1.0,"epa_tolerance":1.0}}}}"#
        ));
        let f = solve(&s);
        inside_its_bounds(&f);
        let p = f.penetration.expect("touching by the tolerance: a depth");
        let [shallowest, deepest] = p.depth_bounds.unwrap();
        assert_eq!(shallowest, 0.0, "{radii}: {f:?}");
        assert!(
            p.depth >= shallowest && p.depth <= deepest,
            "{radii}: {f:?}"
        );
    }
}

#[test]
fn the_last_words_give_the_distance_query_prints() {
    // A ball 3e-4 from a capsule, in f64 and f32, radii split and closed: the radii's
    // sentence gives the shapes' distance, the number `query` prints, not only its bounds.
    for (precision, radii) in [("f64", "split"), ("f64", "closed"), ("f32", "split")] {
        let s = scenario(&format!(
            r#"{{"name":"ball-near-capsule","a":{{"shape":{{"type":"capsule","half_height":1,"radius":0.05}}}},"b":{{"shape":{{"type":"sphere","radius":0.5}},"position":[0.5503,0.2,0]}},"solver":{{"precision":"{precision}","radii":"{radii}"}}}}"#
        ));
        let trace = gjk::trace(&s.a, &s.b, &s.config());
        let distance = trace.finish.outcome.distance().unwrap();
        assert!((distance - 3e-4).abs() < 1e-6, "{:?}", trace.finish);
        let words = trace.steps.last().unwrap().explanation();
        assert!(
            words.contains(&fmt_num(distance)),
            "{precision} {radii}: '{words}' does not give {}",
            fmt_num(distance)
        );
    }
}

#[test]
fn an_answer_is_certified_only_when_every_number_it_gives_is() {
    // A thin capsule sunk 0.01 into a box, in f32: `certified` used to be true beside a depth
    // that was not, and whether the depth was depended on the radii mode (bounds 1.36e-5 wide
    // not certified when split, 1.40e-5 wide certified when folded). One rule now: the
    // tolerance at that depth plus the bounds' own rounding, whatever path computed them.
    for radii in [Radii::Split, Radii::Closed, Radii::Folded] {
        let mut s = scenario(
            r#"{"name":"thin-capsule-in-box","a":{"shape":{"type":"cuboid","half_extents":[6,1,6]}},"b":{"shape":{"type":"capsule","half_height":5,"radius":0.05},"position":[0,1.04,0],"rotation":[0,0,0.7071067811865476,0.7071067811865476]},"solver":{"precision":"f32"}}"#,
        );
        s.solver.radii = Some(radii);
        let f = solve(&s);
        let p = f.penetration.unwrap();
        assert!((p.depth - 0.01).abs() < 1e-4, "{radii:?}: {f:?}");
        assert_eq!(f.certificate.intersecting, Some(true), "{radii:?}: {f:?}");
        assert!(p.certified && f.certificate.certified, "{radii:?}: {f:?}");
    }
    // An overlap proven with a depth that is not: the answer is not certified, and its words
    // say so.
    let s = scenario(
        r#"{"name":"concentric","a":{"shape":{"type":"sphere","radius":0.35}},"b":{"shape":{"type":"sphere","radius":0.5}},"solver":{"radii":"folded"}}"#,
    );
    let trace = gjk::trace(&s.a, &s.b, &s.config());
    let f = trace.finish;
    assert_eq!(f.certificate.intersecting, Some(true));
    assert!(
        !f.penetration.unwrap().certified && !f.certificate.certified,
        "{f:?}"
    );
    let words = trace.steps.last().unwrap().explanation();
    assert!(
        words.contains("Not certified") && !words.contains("Certified:"),
        "{words}"
    );
}

#[test]
fn an_f32_box_hovering_over_a_box_shaped_hull_is_proven_apart() {
    // A box 5e-4 over a hull 5 wide, in f32: the run stops on a repeated support point, and
    // every plane along v (5e-4 long, its direction off by 7e-4 rad) falls below zero. The
    // plane along the last triangle's normal, worked out in f64 from the witnesses, proves the
    // gap; it used to be tried only where the gap was proven already.
    let corner = |i: u32| {
        let s = |bit: u32| if i & bit == 0 { -2.5 } else { 2.5 };
        [s(1), s(2), s(4)]
    };
    let hull: Vec<[f64; 3]> = (0..8).map(corner).collect();
    let s = scenario(&format!(
        r#"{{"name":"box-over-hull","a":{{"shape":{{"type":"polytope","vertices":{hull:?}}}}},"b":{{"shape":{{"type":"cuboid","half_extents":[0.5,0.5,0.5]}},"position":[0.3,3.0005,0.2]}},"solver":{{"precision":"f32"}}}}"#
    ));
    let f = solve(&s);
    inside_its_bounds(&f);
    assert_eq!(f.certificate.intersecting, Some(false), "{f:?}");
    assert!(f.certificate.certified, "{f:?}");
    assert!((f.outcome.distance().unwrap() - 5e-4).abs() < 1e-5, "{f:?}");
}

#[test]
fn a_ray_cast_that_starts_inside_reports_one_point_both_shapes_hold() {
    // A capsule 7e-7 thick at the centre of a cone, cast with the radii split off: the cores'
    // points are closer than the radii, and pushed out to the surfaces they crossed, 9.5e-8
    // apart where the bounds said at most 3.8e-8 (the soak found it, seed 11000 query 296648).
    let s = scenario(
        r#"{"name":"soak","a":{"shape":{"type":"cone","half_height":9.315577914094952,"radius":5.823849273880333},"rotation":[0.147878798741309,-0.41136624560519025,-0.6589084984570646,-0.6121676759847536]},"b":{"shape":{"type":"capsule","half_height":3.0165451357638113e-06,"radius":3.4916234302168697e-07},"rotation":[0.518467618279813,0.3226675184577801,-0.6054564569486484,-0.5103914968597595]},"solver":{"algorithm":"boolean","abs_tolerance":1e-15,"initial_direction":[-3.4519256872815654e+299,-3.2595770831682903e+299,-2.1418026624319598e+299],"epa_tolerance":0.0,"radii":"split"},"cast":{"velocity_a":[7.727237533978212,12.171399301765707,-3.257495908855452],"max_time":0.7241692105409586,"method":"ray_cast"}}"#,
    );
    cast_points_inside(&s);
}

#[test]
fn a_ball_touching_a_tiny_flat_hull_only_by_a_loose_tolerance_gets_no_depth() {
    // Found by the soak (seed 11004 query 128188): a ball's centre 0.78 from a flat hull 4e-5
    // across, "touching" by an absolute tolerance of 1. EPA's polytope on the flat cores was
    // all slivers, whose distances (to their longest edges) carry no side, and proved a depth
    // of at least 0.2 for shapes proven 0.67 apart.
    let s = scenario(
        r#"{"name":"soak","a":{"shape":{"type":"sphere","radius":0.11372416213730793},"position":[8.484150905550116,-4.264274565613327,-23.570242225485828],"rotation":[-0.9433934001166302,-0.613014371036805,-0.7728907043777964,-0.9172099450945272],"margin":0.0},"b":{"shape":{"type":"polytope","vertices":[[-2.1398279625434448e-05,-1.0848001177821758e-05,0.0],[4.32846763128522e-06,-1.0774136266184252e-05,0.0],[-9.35737790567313e-06,1.5123339808116118e-05,0.0],[-9.686569166828284e-06,3.383050288029287e-06,0.0],[2.0551545722722075e-05,1.1501869634134903e-05,0.0],[1.4450722005012298e-05,4.4014077102237515e-06,0.0],[5.155904764910664e-06,-1.7907196506012845e-06,0.0],[2.046814206329344e-05,1.3981138642775443e-05,0.0],[-1.775568885087042e-05,3.553814911526945e-08,0.0],[1.2645367794504496e-05,-1.6103550945206386e-05,0.0],[-6.35074100582394e-06,-8.324838999030146e-06,0.0],[-1.3051493427097972e-05,-5.850971935509517e-07,0.0]]},"position":[7.987970591403927,-3.9630719636644995,-23.044993338829762],"rotation":[0.8695763653427375,0.7151942419339572,-0.9329352600843035,0.3845198317531682],"margin":0.0},"solver":{"algorithm":"distance","precision":"f64","abs_tolerance":1.0,"radii":"closed","acceleration":"none"}}"#,
    );
    let f = solve(&s);
    inside_its_bounds(&f);
    let [lower, _] = f.certificate.distance_bounds;
    assert!(lower > 0.6, "{f:?}");
    let [shallowest, _] = f.penetration.unwrap().depth_bounds.unwrap();
    assert_eq!(shallowest, 0.0, "{f:?}");
}

#[test]
fn a_cast_proven_to_overlap_at_its_start_reports_points_its_bounds_allow() {
    // Found by the soak (seed 12004 query 119642): a box against a flat cone 4e6 across. The
    // static check at t = 0 proves the overlap with a tetrahedron too thin for the points its
    // weights make to meet (3.3e-3 apart where the bounds said 0): the ray cast's own pair,
    // within its own bounds, is reported instead.
    let s = scenario(
        r#"{"name":"soak","a":{"shape":{"type":"cuboid","half_extents":[0.008277811024968435,0.04755388126416238,0.009443036214032387]},"position":[0.0,0.0,0.0],"rotation":[0.7887436578641268,-0.3728426954115933,-0.018111789780671662,0.48840938742849294],"margin":0.0},"b":{"shape":{"type":"cone","half_height":0.0,"radius":2086187.4143974527},"position":[0.0,0.0,0.0],"rotation":[-0.04553801243293543,-0.6524730001317478,-0.2120430773805853,0.7261150093874283],"margin":0.0},"solver":{"algorithm":"boolean","precision":"f64","abs_tolerance":1.1318412064659229e-11,"epa_max_iterations":2,"radii":"split","acceleration":"nesterov"},"cast":{"velocity_a":[3095272.3894581506,830628.3206898151,3062757.5778842224],"velocity_b":[2810186.693797782,2172610.2594241407,3195130.0452815965],"angular_velocity_a":[0.0,0.0,0.0],"angular_velocity_b":[0.0,0.0,0.0],"max_time":0.7875804886268173,"method":"ray_cast"}}"#,
    );
    cast_points_inside(&s);
}

#[test]
fn an_advancement_hit_whose_two_proofs_cross_by_their_rounding_keeps_its_bounds_in_order() {
    // Found by the soak (seed 21001 query 1268085): a hull 70 across, turning. Advancement's
    // lower bound along its last normal and its query's upper bound, two proofs of one
    // distance, crossed by 1.3e-12; the hit reported them crossed.
    let s = scenario(
        r#"{"name":"soak","a":{"shape":{"type":"polytope","vertices":[[-6.750361672102449,-21.702914540257314,18.781480191166192],[12.226320559694575,23.264489141889314,-9.238001199103515],[26.60071517545595,-22.42300798145955,32.70376409240451],[-1.4003159625964758,1.6405972775508504,18.262582064093795],[-29.211919193111886,-18.08672762748035,-5.4462484606935755],[3.8281931724540965,14.585855133999488,-26.05808791558233],[22.900391845211008,-8.805707551825165,16.256750426638174],[1.2994760369658604,-11.50687295263927,4.5086899174253],[-19.98843947270827,4.295368966793849,-0.24310948022222068],[10.356669406880737,17.004037335387395,30.005224244485067],[17.506935106447994,-19.176218235954703,33.96091060708134],[-7.5110698340383335,32.70788181363304,-24.471256613187943],[-7.461965741319655,-18.89421833233073,-19.334149811987093],[5.8055246612832265,-17.185275650733836,-21.244323106520103],[-22.471445890654554,-6.2891080131030135,25.714573783515863],[28.98691800294691,-12.811940757826214,3.692579616669547],[16.043781983364635,-1.5012303516705634,14.712897515685729],[-19.483986400964024,-6.3423159248659635,-23.972821224365997],[14.574647694028716,8.141478352700886,-18.225293654239753],[-15.13156388120693,37.84005199105766,-25.996524009004766],[-23.101267891379695,-22.2507036593488,2.828557956807056],[-20.077790584131705,37.50665095398873,-19.214067188295143],[6.721850113701255,-4.063289985689191,-20.230644127946707],[5.738702765779,14.053120598183426,12.246516375176586]]},"position":[0.0,0.0,0.0],"rotation":[-0.7186423348015075,0.5077825222228912,0.47405496751317383,0.03133676007631376],"margin":0.0},"b":{"shape":{"type":"cuboid","half_extents":[0.9280795808204596,2.733167524494964,3.0376218707362797]},"position":[-23.559273075744436,-23.038205598939463,-7.527662842922094],"rotation":[-0.3092846241791665,-0.5862246241089587,0.6670401413425732,0.34020752662506126],"margin":0.0},"solver":{"algorithm":"distance","precision":"f64","epa_tolerance":1e-15,"radii":"split"},"cast":{"velocity_a":[0.052718207205986634,2.929061391511784,2.3779603200984294],"velocity_b":[0.0,0.0,0.0],"angular_velocity_a":[-2.4733201946136063,-1.2472463087348014,-0.6728817150384891],"angular_velocity_b":[0.0,0.0,0.0],"max_time":1.918549324375067,"target_distance":1.1458849461869627}}"#,
    );
    let answer = s.solve_cast().unwrap();
    let [lower, upper] = answer.distance_bounds.unwrap();
    assert!(lower <= upper, "{answer:?}");
}

#[test]
fn an_f32_separation_finer_than_f32_resolves_says_it_is_proven_to_f32s_precision() {
    // A pentagon 3e-4 above a turned plank 5 wide, in f32 (an engine's capture): the tolerance
    // asks for the distance to within 1e-5 of 3e-4, 3e-9, where each support point carries up
    // to 4e-6 of rounding at this size. The run ends on a repeated support point with the gap
    // proven by a plane: proven to f32's precision, not "Not certified", and not certified
    // either.
    let json = r#"{"dimension": 2,
        "a": {"shape": {"type": "polygon", "vertices": [[-2.5, -0.25], [2.5, -0.25], [2.5, 0.25], [-2.5, 0.25]]},
              "position": [2.7794698954978614, 0.5275492379532281], "angle": -0.43876290706511856},
        "b": {"shape": {"type": "polygon", "vertices": [[0.38213459565024244, 0.11820808266453582], [0.005663516897660787, 0.39995990371079687], [-0.3786343497116287, 0.12898073196587195], [-0.23967241432766137, -0.320245427462048], [0.23050865149138666, -0.3269032908791566]]},
              "position": [3.9861660871392472, 0.6418226375162575], "angle": -1.4695858455634698},
        "solver": {"precision": "f32"SOLVER}}"#;
    let with = |solver: &str| scenario(&json.replace("SOLVER", solver));
    let s = with("");
    let trace = gjk::trace(&s.a, &s.b, &s.config());
    let c = trace.finish.certificate;
    inside_its_bounds(&trace.finish);
    let limit = c.limit.expect("a limit");
    assert_eq!(
        (c.intersecting, c.certified, limit.precision),
        (Some(false), false, gjk::Precision::F32),
        "{c:?}"
    );
    assert!(
        // The tolerance as the run held it: 1e-5 in f32.
        limit.asked == f64::from(1e-5_f32) * c.distance_bounds[1] && limit.asked < limit.rounding,
        "{limit:?}"
    );
    let words = trace.steps.last().unwrap().explanation_in(s.dimension);
    assert!(
        words.contains("Proven to f32's precision")
            && words.contains(&fmt_num(limit.rounding))
            && !words.contains("Not certified"),
        "{words}"
    );
    // A tolerance f32 can meet is met; a cap is a cap: neither is a limit of the precision.
    let loose = solve(&with(r#", "rel_tolerance": 0.1"#));
    assert!(loose.certificate.certified && loose.certificate.limit.is_none());
    let capped = solve(&with(r#", "max_iterations": 3"#));
    assert!(!capped.certificate.certified && capped.certificate.limit.is_none());
}

#[test]
fn a_depth_bounded_on_a_pair_not_proven_to_overlap_is_not_a_proven_depth() {
    // Gallery 11's cubes, 1e-7 apart in f32, at an absolute tolerance of 7.9e-7: GJK stops
    // within the tolerance but proves neither verdict, and EPA's bounds [0, 1.5e-6] are tight
    // for its tolerance. They bound the depth; there is no proven overlap to measure.
    let json = r#"{"a": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5, 0.5]}},
        "b": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5, 0.5]}, "position": [1.0000001, 0.2, 0.1]},
        "solver": {"algorithm": "distance", "precision": "f32", "abs_tolerance": 7.9e-7}}"#;
    let f = solve(&scenario(json));
    let p = f.penetration.expect("EPA ran");
    assert!(p.certified && f.certificate.intersecting.is_none(), "{f:?}");
    assert!(!f.depth_proven());
    // At the default tolerance the pair is proven to touch, and its depth is proven.
    let touching = solve(&scenario(&json.replace(r#", "abs_tolerance": 7.9e-7"#, "")));
    assert_eq!(
        touching.certificate.intersecting,
        Some(true),
        "{touching:?}"
    );
    assert!(touching.depth_proven(), "{touching:?}");
}

#[test]
fn a_pair_closer_than_a_square_can_hold_keeps_its_bounds_in_order() {
    // The structure-aware fuzzer's first find: a point-sized sphere and a point-sized cone
    // 7.3e-304 apart. The gap squares to 0, and the upper bound taken as the root of the least
    // square was 0, under the lower bound a plane proved (7.3e-304). Lengths that small are
    // now taken scaled.
    let json = r#"{"a": {"shape": {"type": "sphere", "radius": 0.0}, "rotation": [0.0, 0.25, 0.0, 2.0]},
        "b": {"shape": {"type": "cone", "half_height": 0.0, "radius": 0.0}, "position": [7.291122019556397e-304, 0.0, 0.0],
              "rotation": [6.0625, 0.0017395284962233922, 0.0, 0.0]},
        "solver": {"algorithm": "distance", "radii": "split"}}"#;
    for algorithm in ["distance", "signed_volumes"] {
        let f = solve(&scenario(
            &json.replace("\"distance\"", &format!("\"{algorithm}\"")),
        ));
        let [lower, upper] = f.certificate.distance_bounds;
        assert!(lower <= upper && upper >= 7.29e-304, "{algorithm}: {f:?}");
    }
}
