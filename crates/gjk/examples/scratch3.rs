use gjk::{BodySpec, Scenario};
fn main() {
    let s = Scenario::load(std::path::Path::new("/tmp/case.json")).unwrap();
    let t: f64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let c = s.cast.unwrap();
    let place = |b: &BodySpec, pose: gjk::Pose| BodySpec {
        position: pose.position,
        rotation: pose.rotation,
        ..b.clone()
    };
    let a = place(&s.a, c.motion_a(s.a.pose()).at(t));
    let b = place(&s.b, c.motion_b(s.b.pose()).at(t));
    let mut cfg = s.config();
    cfg.precision = gjk::Precision::F64;
    let tr = gjk::trace(&a, &b, &cfg);
    println!("{:?}", tr.finish);
    for st in tr.steps.iter() {
        println!(
            "{} {:?} {:?} {:?}",
            st.iteration, st.quantities, st.termination, st.certificate
        );
    }
}
