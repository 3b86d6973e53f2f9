//! The harness itself: a test that cannot run is reported ignored with its reason, never
//! `ok`, and fails under CI.

use crate::common::{verdict, CI_IGNORES_NOTHING};
use libtest_mimic::Completion;

const WHY: &str = "the probe found nothing";

pub fn a_test_that_cannot_run_is_ignored_and_fails_under_ci() {
    let mut ran = false;
    match verdict(Some(WHY.into()), false, || ran = true) {
        Ok(Completion::Ignored { reason }) => assert_eq!(reason.as_deref(), Some(WHY)),
        _ => panic!("a test that cannot run is not ignored"),
    }
    assert!(!ran);
    let failed = verdict(Some(WHY.into()), true, || ran = true).err();
    assert_eq!(
        failed.and_then(|f| f.message().map(str::to_string)),
        Some(format!("{CI_IGNORES_NOTHING}: {WHY}"))
    );
    assert!(!ran);
    assert!(matches!(
        verdict(None, true, || ran = true),
        Ok(Completion::Completed)
    ));
    assert!(ran);
}
