"""The same job gives the same answer on every backend, whatever fails on the way.

A small job (Birmingham, 2 random bots, paired against the open-beer variant)
is played serially once; every other way of playing it must give the very same
tally, to the bit: other chunk sizes, local processes, a worker killed
mid-job, Ray on this machine, a two-node Ray cluster."""

from __future__ import annotations

import pytest
from brass.lab import Job, JobError, Processes, RayCluster, RulesetRef, Serial, run_job
from brass.lab.stats import FirstPlayerTest
from brass.lab.work import chunks

from tests.lab.tasks import AlwaysDies, CountsChunks, DiesOnce
from tests.support.needs import need

# One worker runs this module: its Ray tests start clusters, and RayCluster("auto")
# would join one that another worker had started; the serial tally is played once.
pytestmark = pytest.mark.xdist_group("ray")

JOB = Job(RulesetRef.of("birmingham"), players=2, bots=("random", "quick"), groups=6, seed=11, against=RulesetRef.of("birmingham-open-beer"))


@pytest.fixture(scope="module")
def serial():
    return run_job(JOB, Serial(), size=2).tally.comparable()


def test_a_job_counts_every_game_once_seats_rotated_and_paired(serial):
    variant, base = serial["sides"]
    # Two distinct bots: each deal is played twice (seats swapped), by both rulesets.
    assert variant["games"] == base["games"] == 12 and serial["paired"]["groups"] == 6
    assert sum(variant["wins"].values()) == 12 * 12  # in twelfths: a shared win is shared out
    assert variant != base  # open beer plays differently on the same seeds


def test_the_chunk_size_changes_nothing(serial):
    for size in (5,):  # 5 + 1 groups; the process tests below cut it in single groups
        assert run_job(JOB, Serial(), size=size).tally.comparable() == serial


def test_a_seed_is_a_hash_of_the_job_and_the_games_index():
    from brass.lab.jobs import group_seed

    assert group_seed(11, 3) == group_seed(11, 3) != group_seed(11, 4) != group_seed(12, 3)
    assert group_seed(11, 3) != group_seed(11, 3, "ladder/random/greedy")
    assert 0 <= group_seed(2**40, 10**9) < 2**63


def test_local_processes_give_the_same_tally(serial):
    result = run_job(JOB, Processes(2), size=1)
    assert result.tally.comparable() == serial and result.workers == 2


def test_a_killed_worker_process_has_its_chunk_played_again_and_counted_once(serial, tmp_path):
    log = tmp_path / "played"
    marker = tmp_path / "died"
    task = DiesOnce(JOB, fatal=2, marker=str(marker))
    result = run_job(JOB, Processes(2), size=1, task=task)
    assert marker.exists()  # a worker did die
    assert result.tally.comparable() == serial
    counted = CountsChunks(JOB, str(log))
    assert run_job(JOB, Processes(2), size=1, task=counted).tally.comparable() == serial
    assert sorted(map(int, log.read_text().split())) == [chunk.index for chunk in chunks(JOB, 1)]


def test_a_chunk_that_kills_every_worker_stops_the_job_saying_which():
    with pytest.raises(JobError, match=r"^chunk 1 failed 3 times \(its worker process died\); stopping$"):
        run_job(JOB, Processes(2), size=3, task=AlwaysDies(JOB, fatal=1))


def test_the_early_stop_falls_at_the_same_game_on_every_backend():
    job = Job(RulesetRef.of("birmingham"), players=2, bots=("random", "random"), groups=60, seed=5)
    test = FirstPlayerTest(2, delta=0.3, least=10)
    serial = run_job(job, Serial(), size=2, settle=test)
    assert serial.settled and 10 <= serial.settled_after < 60
    local = run_job(job, Processes(2), size=2, settle=test)
    assert (local.settled, local.settled_after) == (serial.settled, serial.settled_after)
    assert local.tally.comparable() == serial.tally.comparable()


def test_zero_games_are_refused():
    with pytest.raises(JobError, match="at least one game"):
        run_job(Job(RulesetRef.of("birmingham"), 2, ("random", "random"), groups=0), Serial())


# ------------------------------------------------------------------ Ray
@pytest.fixture(scope="module")
def ray_here():
    ray = need("ray", "python -m pip install -e '.[cluster]'")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_tally(serial, ray_here):
    result = run_job(JOB, RayCluster("auto"), size=1)
    assert result.backend == "ray" and result.workers == 2
    assert result.tally.comparable() == serial


def test_a_killed_ray_worker_has_its_chunk_played_again_and_counted_once(serial, ray_here, tmp_path):
    marker = tmp_path / "died"
    result = run_job(JOB, RayCluster("auto"), size=1, task=DiesOnce(JOB, fatal=1, marker=str(marker)))
    assert marker.exists()
    assert result.tally.comparable() == serial


def test_the_early_stop_falls_at_the_same_game_on_ray(ray_here):
    job = Job(RulesetRef.of("birmingham"), players=2, bots=("random", "random"), groups=60, seed=5)
    test = FirstPlayerTest(2, delta=0.3, least=10)
    serial = run_job(job, Serial(), size=2, settle=test)
    remote = run_job(job, RayCluster("auto"), size=2, settle=test)
    assert (remote.settled, remote.settled_after) == (serial.settled, serial.settled_after)
    assert remote.tally.comparable() == serial.tally.comparable()


def test_a_two_node_ray_cluster_gives_the_same_tally(serial):
    ray = need("ray", "python -m pip install -e '.[cluster]'")
    from ray.cluster_utils import Cluster

    if ray.is_initialized():
        ray.shutdown()
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        cluster.add_node(num_cpus=1)
        ray.init(address=cluster.address, log_to_driver=False)
        cluster.wait_for_nodes()
        result = run_job(JOB, RayCluster("auto"), size=1)
        assert result.workers == 2
        nodes = [node for node in ray.nodes() if node["Alive"]]
        assert len(nodes) == 2
        assert result.tally.comparable() == serial
    finally:
        ray.shutdown()
        cluster.shutdown()


def test_a_cluster_address_that_does_not_answer_is_refused_within_seconds():
    need("ray", "python -m pip install -e '.[cluster]'")
    import time

    started = time.monotonic()
    with pytest.raises(JobError, match=r"nothing answers at 127\.0\.0\.1:1 .*is the Ray head running\?"):
        run_job(JOB, RayCluster("ray://127.0.0.1:1"))
    assert time.monotonic() - started < 10


def test_a_cluster_address_written_wrong_says_how_to_write_it():
    need("ray", "python -m pip install -e '.[cluster]'")
    with pytest.raises(JobError, match=r"write ray://HOST:PORT"):
        run_job(JOB, RayCluster("ray://nowhere"))
    with pytest.raises(JobError, match=r"write auto or ray://HOST:PORT"):
        run_job(JOB, RayCluster("tcp://10.0.0.1:10001"))


def test_a_chunk_that_kills_every_ray_worker_stops_the_job_saying_which(ray_here):
    with pytest.raises(JobError, match=r"^chunk 1 failed 3 times \(its Ray worker died\); stopping$"):
        run_job(JOB, RayCluster("auto"), size=3, task=AlwaysDies(JOB, fatal=1))
