"""redistribute's and dispatch's stores into the peers' symmetric memory,
and combine's reads from them, with every rank simulated on one GPU: each
rank's `out` is a buffer of its own, a stand-in for torch's
symmetric-memory handle gives every rank's address (the real one maps the
peers' buffers into each process), and the ranks' calls run one after
another on one stream, where their barriers have nothing to wait for. Every element of every rank's destination is
compared with what must land there. Between processes on several GPUs,
over NVLink, bench/gpu/redistribute.py runs the same paths. Skips without
torch or a CUDA device."""
import unittest
from unittest import mock

import layoutc
from layoutc import dispatch_combine, distributed

from gpu_support import WHY_NOT, torch


class Peers:
    """What redistribute takes from torch's symmetric-memory handle: every
    rank's buffer address, the buffer's bytes, and the barrier (counted)."""

    def __init__(self, outs):
        self.buffer_ptrs = [o.data_ptr() for o in outs]
        self.buffer_size = outs[0].numel() * outs[0].element_size()
        self.barriers = 0

    def barrier(self, channel=0):
        self.barriers += 1


class Board:
    """What dispatch into the peers takes from its _CountBoard: `exchange`
    passes the group's barrier (counted with the Peers') and leaves every
    rank's bounds, given, in `host`."""

    def __init__(self, bounds, peers):
        self.host, self.peers = bounds.cpu(), peers

    def exchange(self, bounds):
        self.peers.barrier()


def placement(distribution):
    """(offset, rank) of every global index under `distribution`, a flat
    CuTe layout whose strides `d@1` are ranks (the first mode fastest)."""
    shape, stride = (part.strip("()").split(",") for part in distribution.split(":"))
    n = 1
    for size in shape:
        n *= int(size)
    k, offset, rank = torch.arange(n), torch.zeros(n, dtype=torch.long), torch.zeros(n, dtype=torch.long)
    for size, d in zip(shape, stride):
        coordinate, k = k % int(size), k // int(size)
        if d.endswith("@1"):
            rank += coordinate * int(d[:-2])
        else:
            offset += coordinate * int(d)
    return offset, rank


def cases(P):
    """(name, dtype, source, destination) on P ranks: Ulysses, rows to
    columns, blocks to a cyclic deal, and (on 4) a 2 x 2 mesh transposed."""
    B, S, H, D, M, N = 2, 8 * P, 4 * P, 8, 6 * P, 5 * P
    s, h = S // P, H // P
    ulysses = ("(%d,%d,%d,%d,%d):(1,%d,%d,1@1,%d)" % (D, H, s, P, B, D, H * D, s * H * D),
               "(%d,%d,%d,%d,%d):(1,%d,1@1,%d,%d)" % (D, h, P, S, B, D, h * D, S * h * D))
    out = [("ulysses", torch.bfloat16) + ulysses, ("ulysses", torch.float32) + ulysses,
           ("rows_to_columns", torch.float64, "(%d,%d,%d):(1,1@1,%d)" % (M // P, P, N, M // P),
            "(%d,%d,%d):(1,%d,1@1)" % (M, N // P, P, M)),
           ("blocks_to_cyclic", torch.int8, "(12,%d):(1,1@1)" % P, "(%d,12):(1@1,1)" % P)]
    if P == 4:
        out.append(("mesh_transposed", torch.float16, "(%d,2,%d,2):(1,1@1,%d,2@1)" % (M // 2, N // 2, M // 2),
                    "(%d,2,%d,2):(1,2@1,%d,1@1)" % (M // 2, N // 2, M // 2)))
    return out


@unittest.skipIf(WHY_NOT, WHY_NOT)
class StoredIntoPeersTest(unittest.TestCase):
    def redistribute(self, P, source, destination, xs, outs):
        """Every rank's call, in turn, each seeing the same handle."""
        peers = Peers(outs)
        for r in range(P):
            with mock.patch.object(distributed, "_symmetric", return_value=peers), \
                    mock.patch("torch.distributed.get_world_size", return_value=P), \
                    mock.patch("torch.distributed.get_rank", return_value=r):
                self.assertIs(layoutc.redistribute(xs[r], source, destination, out=outs[r]), outs[r])
        torch.cuda.synchronize()
        return peers

    def test_every_element_lands_where_the_destination_puts_it(self):
        for P in (2, 3, 4):
            for name, dtype, source, destination in cases(P):
                with self.subTest(P=P, case=name, dtype=dtype):
                    (so, sr), (do, dr) = placement(source), placement(destination)
                    values = (torch.arange(so.numel()) % 127).to(dtype)  # exact in every dtype
                    xs = []
                    for r in range(P):
                        x = torch.zeros(int(so[sr == r].max()) + 1, dtype=dtype)
                        x[so[sr == r]] = values[sr == r]
                        xs.append(x.cuda())
                    extent = max(layoutc.rank_exchange(source, destination, P, r).destination_extent
                                 for r in range(P))
                    outs = [torch.full((extent,), -1, dtype=dtype, device="cuda") for _ in range(P)]
                    peers = self.redistribute(P, source, destination, xs, outs)
                    self.assertEqual(peers.barriers, 2 * P)
                    for r in range(P):
                        self.assertTrue(torch.equal(outs[r].cpu()[do[dr == r]], values[dr == r]), "rank %d" % r)

    def test_every_rank_refuses_a_buffer_too_small_for_any_rank(self):
        # 3 ranks: blocks of 4 on ranks 0 and 1 to blocks of 4 on ranks 0
        # and 2. Rank 1 receives nothing, so its own out of 1 element
        # would do, but the buffers are symmetric: every rank's is too
        # small for rank 0's destination, and every rank refuses.
        source, destination = "(4,2):(1,1@1)", "(4,2):(1,2@1)"
        xs = [torch.zeros(4, device="cuda"), torch.zeros(4, device="cuda"), torch.zeros(1, device="cuda")]
        outs = [torch.zeros(1, device="cuda") for _ in range(3)]
        said = []
        for r in range(3):
            with mock.patch.object(distributed, "_symmetric", return_value=Peers(outs)), \
                    mock.patch("torch.distributed.get_world_size", return_value=3), \
                    mock.patch("torch.distributed.get_rank", return_value=r):
                with self.assertRaises(layoutc.ArgumentError) as e:
                    layoutc.redistribute(xs[r], source, destination, out=outs[r])
                said.append(str(e.exception))
        self.assertEqual(said[1], "redistribute: rank 0's destination reaches element 3, but out's symmetric "
                         "buffer holds 1 from out's place")
        self.assertEqual(said[0], "redistribute: the destination distribution reaches element 3 of this rank, but "
                         "out holds 1")


@unittest.skipIf(WHY_NOT, WHY_NOT)
class DispatchedIntoPeersTest(unittest.TestCase):
    """dispatch's rows stored into the peers' out, and combine's answers
    read back from the peers' y, every rank simulated on one GPU: a
    stand-in _CountBoard gives every rank's counts."""

    def dispatch(self, xs, owners, rows, outs, peers, ranks=None):
        """Each rank's dispatch into `outs` (every rank's, or those of
        `ranks`), in turn: [(received, plan)]."""
        P = len(xs)
        board = Board(torch.cat([dispatch_combine._SendOrder(torch, o, P).bounds for o in owners]), peers)
        done = []
        for r in range(P) if ranks is None else ranks:
            with mock.patch.object(dispatch_combine, "_symmetric", return_value=peers), \
                    mock.patch.object(dispatch_combine, "_count_board", return_value=board), \
                    mock.patch.object(dispatch_combine, "_group_name", return_value="stand-in"), \
                    mock.patch("torch.distributed.get_world_size", return_value=P), \
                    mock.patch("torch.distributed.get_rank", return_value=r), \
                    mock.patch("torch.distributed.all_gather_into_tensor") as nccl:
                done.append(layoutc.dispatch(xs[r], owners[r], rows[r], out=outs[r]))
            nccl.assert_not_called()
        return done

    def combine(self, calls, peers):
        """Each (rank, y, plan)'s combine, in turn, none through NCCL."""
        back = []
        for r, y, plan in calls:
            with mock.patch.object(dispatch_combine, "_symmetric", return_value=peers), \
                    mock.patch("torch.distributed.get_rank", return_value=r), \
                    mock.patch("torch.distributed.batch_isend_irecv") as nccl:
                back.append(layoutc.combine(y, plan))
            nccl.assert_not_called()
        return back

    def test_rows_land_after_the_rows_of_the_ranks_before_and_their_answers_come_back(self):
        P, width = 3, 77
        g = torch.Generator().manual_seed(7)
        xs = [torch.randn(50 + 10 * r, width, generator=g).to(torch.float16).cuda() for r in range(P)]
        owners = [torch.randint(0, P, (2 * x.shape[0],), generator=g).cuda() for x in xs]
        rows = [torch.randint(0, x.shape[0], (o.numel(),), generator=g).cuda() for x, o in zip(xs, owners)]
        matrix = [[int((o == q).sum()) for q in range(P)] for o in owners]
        outs = [torch.full((400, width), float("nan"), dtype=torch.float16, device="cuda") for _ in range(P)]
        peers = Peers(outs)
        got = self.dispatch(xs, owners, rows, outs, peers)
        torch.cuda.synchronize()
        self.assertEqual(peers.barriers, 2 * P)
        orders = [torch.argsort(o, stable=True) for o in owners]  # the send order: by owner, stably
        for q, (received, plan) in enumerate(got):
            want = torch.cat([xs[s][rows[s][orders[s]][owners[s][orders[s]] == q]] for s in range(P)])
            self.assertTrue(torch.equal(received, want), "rank %d" % q)
            self.assertEqual(received.data_ptr(), outs[q].data_ptr())
            self.assertTrue(outs[q][want.shape[0]:].isnan().all(), "rank %d: rows past its own" % q)
            self.assertEqual((plan.matrix, plan.send_counts), (matrix, matrix[q]))
            self.assertEqual(plan.receive_counts, [matrix[s][q] for s in range(P)])
        for received, _ in got:  # the experts answer in place
            received.mul_(2)
        back = self.combine([(r, received, plan) for r, (received, plan) in enumerate(got)], peers)
        torch.cuda.synchronize()
        self.assertEqual(peers.barriers, 4 * P)
        for r in range(P):
            self.assertTrue(torch.equal(back[r], 2 * xs[r][rows[r]]), "rank %d" % r)

    def test_every_rank_refuses_when_any_rank_would_receive_too_many_rows(self):
        xs = [torch.zeros(8, 4, device="cuda"), torch.zeros(0, 4, device="cuda")]
        owners = [torch.tensor([0, 1, 1, 1, 1, 1], device="cuda"), torch.zeros(0, dtype=torch.long, device="cuda")]
        outs = [torch.zeros(4, 4, device="cuda") for _ in range(2)]  # rank 1 would receive 5 rows
        for r in range(2):
            peers = Peers(outs)
            with self.assertRaises(layoutc.ArgumentError) as e:
                self.dispatch(xs, owners, [None, None], outs, peers, ranks=[r])
            self.assertEqual(str(e.exception), "dispatch: rank 1 receives 5 rows, but out holds 4")
            self.assertEqual(peers.barriers, 2)  # the closing one too: the counts are read before any rank goes on

    def test_every_rank_refuses_to_combine_from_a_buffer_too_small_for_any_rank(self):
        matrix = [[1, 5], [0, 0]]  # rank 1 received 5 rows; the buffers hold 1
        ys = [torch.zeros(1, 4, device="cuda"), torch.zeros(5, 4, device="cuda")]
        for r in range(2):
            plan = layoutc.DispatchPlan(torch.arange(6 if r == 0 else 0, device="cuda"), matrix[r],
                                        [matrix[0][r], matrix[1][r]], matrix)
            with self.assertRaises(layoutc.ArgumentError) as e:
                self.combine([(r, ys[r], plan)], Peers(ys))
            self.assertEqual(str(e.exception), "combine: rank 1 received 5 rows, but y's symmetric buffer holds 1 "
                             "from y's place")

    def test_own_rows_move_on_a_second_stream_that_the_stream_then_waits_for(self):
        device = torch.cuda.current_device()
        side = distributed._second_stream(device)
        for main in (torch.cuda.default_stream(), torch.cuda.Stream()):  # handle 0, and another
            with self.subTest(stream=main.cuda_stream):
                calls, slept = [], torch.cuda.Event()

                def launch(q, stream):
                    calls.append((q, stream))
                    if stream == side.cuda_stream:  # long work there: the main stream must wait for it
                        with torch.cuda.stream(side):
                            torch.cuda._sleep(50_000_000)
                            slept.record()

                distributed._own_beside([2, 0, 1], 1, device, main.cuda_stream, launch)
                after = torch.cuda.Event()
                after.record(main)
                after.synchronize()
                self.assertTrue(slept.query())
                self.assertNotEqual(side.cuda_stream, main.cuda_stream)
                self.assertEqual(calls, [(1, side.cuda_stream), (2, main.cuda_stream), (0, main.cuda_stream)])
                calls.clear()
                distributed._own_beside([2, 0], 1, device, main.cuda_stream, launch)  # nothing of its own
                self.assertEqual(calls, [(2, main.cuda_stream), (0, main.cuda_stream)])

    def test_the_second_stream_starts_after_the_work_queued_before(self):
        device = torch.cuda.current_device()
        side = distributed._second_stream(device)
        x, y = torch.zeros(1 << 20, device="cuda"), torch.zeros(1 << 20, device="cuda")
        torch.cuda.synchronize()
        for main in (torch.cuda.default_stream(), torch.cuda.Stream()):
            with self.subTest(stream=main.cuda_stream):
                with torch.cuda.stream(main):  # x is written late on the main stream
                    x.zero_()
                    torch.cuda._sleep(50_000_000)
                    x.fill_(1)

                def launch(q, stream):
                    with torch.cuda.stream(side):
                        y.copy_(x)

                distributed._own_beside([1], 1, device, main.cuda_stream, launch)
                torch.cuda.synchronize()
                self.assertTrue(bool((y == 1).all()))
                y.zero_()

    def test_send_order_is_the_stable_sort_by_owner(self):
        g = torch.Generator().manual_seed(3)
        for rows, ranks in ((0, 3), (1, 1), (7, 3), (32768, 2), (100000, 7), (5000, 64), (5000, 253), (9000, 300)):
            for dtype in (torch.int64, torch.int32):
                with self.subTest(rows=rows, ranks=ranks, dtype=dtype):
                    owner = torch.randint(0, ranks, (rows,), generator=g).to(dtype).cuda()
                    sending = dispatch_combine._SendOrder(torch, owner, ranks)
                    self.assertTrue(torch.equal(sending.order, torch.argsort(owner, stable=True)))
                    starts = torch.bincount(owner, minlength=ranks).cumsum(0).tolist()
                    self.assertEqual(sending.bounds.tolist(), [0, 0] + starts + [rows])
        for foreign in (2, 3, 1 << 40, -1, -(1 << 40)):  # an owner that is not a rank: below 0, or past the last
            owner = torch.tensor([0, 1, foreign, 1], device="cuda")
            sending = dispatch_combine._SendOrder(torch, owner, 2)
            bounds, order = ([0, 1, 2, 4, 4], [2, 0, 1, 3]) if foreign < 0 else ([0, 0, 1, 3, 4], [0, 1, 3, 2])
            self.assertEqual((sending.bounds.tolist(), sending.order.tolist()), (bounds, order), foreign)
            self.assertEqual(dispatch_combine._count_matrix(bounds + [0, 0, 0, 0, 0], 2), [[-1, -1], [0, 0]])

    def test_an_out_outside_symmetric_memory_is_refused_before_any_exchange(self):
        x, owner = torch.zeros(8, 4, device="cuda"), torch.zeros(8, dtype=torch.long, device="cuda")
        with mock.patch.object(dispatch_combine, "_symmetric", return_value=None), \
                mock.patch("torch.distributed.get_world_size", return_value=2), \
                mock.patch("torch.distributed.get_rank", return_value=0), \
                mock.patch("torch.distributed.all_gather_into_tensor") as exchange:
            with self.assertRaises(layoutc.ArgumentError) as e:
                layoutc.dispatch(x, owner, out=torch.zeros(16, 4, device="cuda"))
        self.assertEqual(str(e.exception), "dispatch: out is not in torch's symmetric memory "
                         "(torch.distributed._symmetric_memory.empty, on every rank); without it, give no out")
        exchange.assert_not_called()


if __name__ == "__main__":
    unittest.main()
