use gjk::Scenario;
fn main() {
    let s = Scenario::load(std::path::Path::new("/tmp/case.json")).unwrap();
    let t = gjk::cast::trace_scenario(&s).unwrap();
    for st in t
        .steps
        .iter()
        .rev()
        .take(6)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        println!("{} {:e} {:?}", st.iteration, st.time, st.record);
    }
    println!("{:?}", t.answer.status);
}
