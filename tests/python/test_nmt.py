"""The Python module from Debian's /usr/bin/python3, as a user imports it:
translation against Marian's own outputs and the command line's, scores
against `nmt score --json`, training through nmt.train with a callback,
the GIL released while translating, Ctrl-C stopping training with a
checkpoint, and nmt imported beside Debian's python3-torch."""
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import nmt

REPO = os.environ["NMT_REPO"]
NMT = os.environ["NMT_BINARY"]
DATA = os.path.join(REPO, "data", "bible-en-es")
FIXTURE = os.path.join(REPO, "..", "shared", "fixtures", "marian-tiny-en-es")


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def tiny_config(work, steps, **train):
    src, tgt = os.path.join(work, "s.en"), os.path.join(work, "s.es")
    for name, out in (("train.en", src), ("train.es", tgt)):
        with open(os.path.join(DATA, name), encoding="utf-8") as f, open(out, "w", encoding="utf-8") as o:
            o.writelines(f.readlines()[:300])
    options = {"max_steps": steps, "batch_tokens": 512, "log_every": 1, "threads": 1}
    options.update(train)
    return {"preset": "tiny",
            "data": {"train_src": src, "train_tgt": tgt, "vocab_size": 300, "out": os.path.join(work, "run")},
            "train": options}


class TrainAndTranslate(unittest.TestCase):
    def test_train_with_a_callback_then_translate_as_the_cli_does(self):
        with tempfile.TemporaryDirectory() as work:
            seen = []
            result = nmt.train(tiny_config(work, 4), callback=seen.append)
            self.assertEqual(result["steps"], 4)
            self.assertEqual(result["stop_reason"], "max-steps")
            self.assertTrue(os.path.exists(result["checkpoint"]))
            self.assertTrue(any(line.startswith("step 4 |") for line in seen), seen)
            self.assertTrue(any(line.startswith("training a joint bpe vocabulary") for line in seen), seen)
            src = lines(os.path.join(DATA, "test.en"))[:8]
            ours = nmt.Translator(os.path.join(work, "run"), threads=1).translate(src, beam=2)
            cli = subprocess.run([NMT, "translate", "--model", os.path.join(work, "run"), "--beam", "2",
                                  "--threads", "1"], input="\n".join(src) + "\n", capture_output=True,
                                 text=True, check=True).stdout.splitlines()
            self.assertEqual(ours, cli)

    def test_bad_config_is_an_error_naming_the_field(self):
        with self.assertRaisesRegex(nmt.Error, "unknown train config field 'max_stepz'"):
            nmt.train({"train": {"max_stepz": 3}, "data": {"train_src": "a", "train_tgt": "b", "out": "x"}})
        with self.assertRaisesRegex(nmt.Error, "cannot read checkpoint|holds no checkpoint|does not exist"):
            nmt.Translator("/nonexistent/run")
        if os.path.exists(os.path.join(FIXTURE, "model.npz")):
            with tempfile.TemporaryDirectory() as work:
                subprocess.run([NMT, "import", "marian", os.path.join(FIXTURE, "model.npz"), "--vocab",
                                os.path.join(FIXTURE, "vocab.spm"), "--out", work], check=True, capture_output=True)
                with self.assertRaisesRegex(nmt.Error, r"workers \(3\) must be between 0 and threads \(2\)"):
                    nmt.Translator(work, threads=2, workers=3)
                with self.assertRaisesRegex(nmt.Error, r"n_best \(5\) must be between 1 and beam \(4\)"):
                    nmt.Translator(work).translate(["a"], beam=4, n_best=5)

    def test_train_options_are_the_clis_and_the_configs(self):
        options = nmt.train_options()
        keys = {o["key"] for o in options}
        self.assertIn("max_steps", keys)
        self.assertEqual(next(o for o in options if o["key"] == "lr_schedule")["choices"], ["inverse-sqrt", "linear"])
        help_text = subprocess.run([NMT, "train", "--help"], capture_output=True, text=True, check=True).stdout
        for o in options:
            for flag in (o["flag"], o["off_flag"]):
                if flag:
                    self.assertIn(flag + " ", help_text, o["key"])
        # Every key, at its default, is a valid train config; the config a run saves holds exactly these keys.
        with tempfile.TemporaryDirectory() as work:
            config = tiny_config(work, 2)
            config["train"] = {o["key"]: o["default"] for o in options}
            # Keyword arguments go to the section whose table declares them, over config's.
            with self.assertRaisesRegex(nmt.Error, "train: unknown option 'max_stepz' \\(did you mean 'max_steps'\\?\\)"):
                nmt.train(config, max_stepz=2)
            nmt.train(config, max_steps=2, batch_tokens=512, threads=1, ema=0, dropout=0.25)
            with open(os.path.join(work, "run", "config.json"), encoding="utf-8") as f:
                saved = json.load(f)
            self.assertEqual(set(saved["train"]), keys)
            self.assertEqual(saved["train"]["max_steps"], 2)
            self.assertEqual(saved["model"]["dropout"], 0.25)
            self.assertEqual(set(saved["model"]), {o["key"] for o in nmt.train_options("model")})
        self.assertIn("train_src", {o["key"] for o in nmt.train_options("data")})
        with self.assertRaisesRegex(nmt.Error, "section must be 'train', 'model' or 'data', got 'serve'"):
            nmt.train_options("serve")

    def test_ctrl_c_stops_training_with_a_checkpoint_and_it_resumes(self):
        with tempfile.TemporaryDirectory() as work:
            config = tiny_config(work, 100000)
            started = threading.Event()
            def on_line(line):
                if line.startswith("step 2 |"):
                    started.set()
            timer = threading.Thread(target=lambda: started.wait(60) and os.kill(os.getpid(), signal.SIGINT))
            timer.start()
            with self.assertRaisesRegex(KeyboardInterrupt, "training stopped; resume from .*checkpoint-"):
                nmt.train(config, callback=on_line)
            timer.join()
            saved = [f for f in os.listdir(os.path.join(work, "run")) if f.startswith("checkpoint-")]
            self.assertEqual(len(saved), 1, saved)
            step = int(saved[0][len("checkpoint-"):-3])
            config["train"]["max_steps"] = step + 2
            seen = []
            result = nmt.train(config, callback=seen.append)
            self.assertEqual(result["steps"], step + 2)
            self.assertTrue(any("resuming from" in line for line in seen), seen)


@unittest.skipUnless(os.path.exists(os.path.join(FIXTURE, "model.npz")), "the Marian fixture is absent")
class MarianModel(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.TemporaryDirectory()
        run = os.path.join(cls.work.name, "marian")
        subprocess.run([NMT, "import", "marian", os.path.join(FIXTURE, "model.npz"), "--vocab",
                        os.path.join(FIXTURE, "vocab.spm"), "--out", run], check=True, capture_output=True)
        cls.translator = nmt.Translator(run, threads=2)

    def test_greedy_and_beam_are_marians(self):
        src = lines(os.path.join(FIXTURE, "input.en"))
        self.assertEqual(self.translator.translate(src, beam=1), lines(os.path.join(FIXTURE, "greedy.es")))

    def test_n_best_gives_text_score_and_log_prob(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:3]
        n_best = self.translator.translate(src, beam=4, n_best=4)
        self.assertEqual([len(x) for x in n_best], [4, 4, 4])
        text, score, log_prob = n_best[0][0]
        self.assertIsInstance(text, str)
        self.assertGreaterEqual(score, n_best[0][1][1])  # best first
        self.assertLess(log_prob, 0)

    def test_an_iterable_gives_a_generator_with_the_same_lines(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:25]
        stream = io.StringIO("".join(line + "\n" for line in src))
        out = self.translator.translate(stream, beam=1, window=7)
        self.assertFalse(isinstance(out, list))
        self.assertEqual(list(out), lines(os.path.join(FIXTURE, "greedy.es"))[:25])

    def test_glossary_and_constraints_put_their_terms_in(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:8]
        plain = self.translator.translate(src, beam=2)
        glossary = {"Moses": "Moisés", "Egypt": "Egipto"}
        with_glossary = self.translator.translate(src, beam=2, glossary=glossary)
        self.assertIn("Moisés", with_glossary[1])
        self.assertIn("Egipto", with_glossary[7])
        for i in (0, 2, 3, 4, 5, 6):
            self.assertEqual(with_glossary[i], plain[i], "a line without a term changed")
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "g.tsv")
            with open(path, "w", encoding="utf-8") as f:
                f.write("# names\nMoses\tMoisés\nEgypt\tEgipto\n")
            self.assertEqual(self.translator.translate(src, beam=2, glossary=path), with_glossary)
        self.assertEqual(self.translator.translate(src, beam=2, glossary={"moses": "Moisés"},
                                                   glossary_ignore_case=True)[1], with_glossary[1])
        out = self.translator.translate(src[:2], beam=2, constraints=[["noche", "sueño"], []])
        self.assertIn("noche", out[0])
        self.assertIn("sueño", out[0])
        self.assertEqual(out[1], plain[1])
        with self.assertRaisesRegex(nmt.Error, "constraints: 1 lists for 2 lines"):
            self.translator.translate(src[:2], constraints=[["noche"]])
        with self.assertRaisesRegex(nmt.Error, "line 0's constraint: '\u2603' needs '\u2603', which the target vocabulary lacks"):
            self.translator.translate(src[:1], constraints=[["\u2603"]])
        with self.assertWarnsRegex(UserWarning, "glossary line 1: '\u2603' needs '\u2603'"):
            self.translator.translate(src[:1], glossary={"sleep": "\u2603"})
        with self.assertRaisesRegex(nmt.Error, "glossary: '' is not a term"):
            self.translator.translate(src[:1], glossary={"sleep": ""})

    def test_engine_choices_and_their_errors(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:3]
        run = os.path.join(self.work.name, "marian")
        explicit = nmt.Translator(run, threads=1, quantize="none", shortlist="none")
        self.assertEqual(explicit.translate(src, beam=1), lines(os.path.join(FIXTURE, "greedy.es"))[:3])
        with self.assertRaisesRegex(nmt.Error, "quantize must be None, 'none' or 'int8', got 'fp16'"):
            nmt.Translator(run, quantize="fp16")
        with self.assertRaisesRegex(nmt.Error, "cannot open shortlist /nonexistent.sl"):
            nmt.Translator(run, shortlist="/nonexistent.sl")

    def test_translate_batch_gives_results_as_translate_and_the_cli(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:6]
        greedy = self.translator.translate_batch(src, beam_size=1)
        self.assertTrue(all(isinstance(r, nmt.TranslationResult) for r in greedy))
        self.assertEqual([r.hypotheses for r in greedy], [[x] for x in lines(os.path.join(FIXTURE, "greedy.es"))[:6]])
        self.assertEqual(greedy[0]["hypotheses"], greedy[0].hypotheses)
        self.assertEqual((greedy[0].scores, greedy[0].attention, greedy[0].alignments), ([], [], []))
        n_best = self.translator.translate(src, beam=4, n_best=3)
        batch = self.translator.translate_batch(src, beam_size=4, num_hypotheses=3, return_scores=True)
        for old, new in zip(n_best, batch):
            self.assertEqual([t for t, _, _ in old], new.hypotheses)
            self.assertEqual([s for _, s, _ in old], new.scores)
            self.assertEqual([p for _, _, p in old], new.log_probs)
        # Threads CTranslate2's way: the same translations.
        other = nmt.Translator(os.path.join(self.work.name, "marian"), inter_threads=2, intra_threads=1)
        self.assertEqual([r.hypotheses for r in other.translate_batch(src, beam_size=4, num_hypotheses=3)],
                         [r.hypotheses for r in batch])
        with self.assertRaisesRegex(TypeError, "inter_threads/intra_threads or threads/workers, not both"):
            nmt.Translator(os.path.join(self.work.name, "marian"), threads=2, inter_threads=2)

    def test_translate_batch_options_do_what_they_say(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:6]
        # The length penalty under search="nmt" (CTranslate2's): score = log P / |y| ** alpha, |y| with </s>.
        for alpha in (0.0, 1.0):
            for r in self.translator.translate_batch(src[:3], beam_size=3, num_hypotheses=2, search="nmt",
                                                     length_penalty=alpha, return_scores=True, max_batch_size=2):
                pieces = self.translator.score_batch(src[:1] * 2, r.hypotheses)
                for score, log_prob, scored in zip(r.scores, r.log_probs, pieces):
                    self.assertAlmostEqual(score, log_prob / len(scored.tokens) ** alpha, places=4)
        # The brevity penalty: a hypothesis of L pieces with </s>, shorter than E = ratio x (source pieces + 1),
        # scores log P / L + w x (1 - E / L); with w = 0 it is off.
        for weight in (0.0, 0.5):
            batch = self.translator.translate_batch(src[:3], beam_size=3, num_hypotheses=3, search="nmt",
                                                    length_ratio=3.0, brevity_penalty=weight, return_scores=True)
            shorter = 0
            for line, r in zip(src[:3], batch):
                expected = 3.0 * (len(self._pieces(line)) + 1)
                scored = self.translator.score_batch([line] * len(r.hypotheses), r.hypotheses)
                for score, log_prob, pieces in zip(r.scores, r.log_probs, scored):
                    length = len(pieces.tokens)
                    shorter += length < expected
                    penalty = weight * (1 - expected / length) if length < expected else 0.0
                    self.assertAlmostEqual(score, log_prob / length + penalty, places=4)
                self.assertEqual(r.scores, sorted(r.scores, reverse=True))
            self.assertGreater(shorter, 0)
        for rule in ("nmt", "marian"):
            short = self.translator.translate_batch(src, beam_size=2, max_decoding_length=4, search=rule)
            tokens = self.translator.translate_batch([self._pieces(x) for x in src], beam_size=2,
                                                     max_decoding_length=4, search=rule)
            for r in tokens:
                self.assertLessEqual(len(r.hypotheses[0]), 4, rule)
                self.assertTrue(all(isinstance(p, str) for p in r.hypotheses[0]))
            self.assertEqual([r.hypotheses[0] for r in short], [self._text(r.hypotheses[0]) for r in tokens])
            self.assertTrue(any(len(r.hypotheses[0]) == 4 for r in tokens), rule)
        with self.assertRaisesRegex(nmt.Error, r"n_best \(3\) must be between 1 and beam \(2\)"):
            self.translator.translate_batch(src, beam_size=2, num_hypotheses=3)
        with self.assertRaisesRegex(nmt.Error, "search must be one of nmt, marian; got 'fast'"):
            self.translator.translate_batch(src, search="fast")
        with self.assertRaisesRegex(TypeError, r"source\[1\]: mix of lines and lists of pieces"):
            self.translator.translate_batch(["a", ["▁a"]])
        with self.assertRaisesRegex(TypeError, "not one string"):
            self.translator.translate_batch("a line")

    def test_pieces_in_give_pieces_out(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:5]
        text = self.translator.translate_batch(src, beam_size=4)
        pieces = self.translator.translate_batch([self._pieces(x) for x in src], beam_size=4)
        self.assertEqual([self._text(r.hypotheses[0]) for r in pieces], [r.hypotheses[0] for r in text])
        unknown = self.translator.translate_batch([self._pieces(src[0]) + ["no-such-piece"]], beam_size=1)
        self.assertEqual(len(unknown), 1)  # an unknown piece is <unk>, as CTranslate2 maps it

    def test_score_batch_is_marian_scorers_and_the_searchs(self):
        src, tgt = lines(os.path.join(FIXTURE, "scorer.src")), lines(os.path.join(FIXTURE, "scorer.tgt"))
        theirs = [float(x) for x in lines(os.path.join(FIXTURE, "scorer.scores"))]
        ours = self.translator.score_batch(src, tgt, max_batch_size=7)
        self.assertTrue(all(isinstance(r, nmt.ScoringResult) for r in ours))
        for r, want in zip(ours, theirs):
            self.assertAlmostEqual(r.log_prob, want, delta=1e-3)
            self.assertEqual(r.tokens[-1], "</s>")
            self.assertEqual(len(r.tokens), len(r.log_probs))
        by_pieces = self.translator.score_batch([self._pieces(x) for x in src[:4]], [r.tokens[:-1] for r in ours[:4]])
        for a, b in zip(by_pieces, ours):  # other batches: other padding, float rounding apart
            self.assertEqual(a.tokens, b.tokens)
            for x, y in zip(a.log_probs, b.log_probs):
                self.assertAlmostEqual(x, y, delta=1e-4)
        # The search's log-probability of its own best hypothesis, </s> included.
        found = self.translator.translate_batch(src[:8], beam_size=4, return_scores=True)
        scored = self.translator.score_batch(src[:8], [r.hypotheses[0] for r in found])
        for r, s in zip(found, scored):
            self.assertAlmostEqual(s.log_prob, r.log_probs[0], delta=1e-3)
        with self.assertRaisesRegex(nmt.Error, "score_batch: 2 sources but 1 targets"):
            self.translator.score_batch(src[:2], tgt[:1])
        with self.assertRaisesRegex(TypeError, "both be lines of text or both lists of pieces"):
            self.translator.score_batch(src[:1], [["▁Y"]])

    def test_attention_and_alignment_are_the_clis(self):
        src = lines(os.path.join(FIXTURE, "input.en"))[:6]
        results = self.translator.translate_batch(src, beam_size=4, return_attention=True, return_alignment=True)
        for line, r in zip(src, results):
            matrix = r.attention[0]
            target_pieces = len(self.translator.score_batch([line], [r.hypotheses[0]])[0].tokens)
            self.assertEqual(len(matrix), target_pieces)  # pieces + </s>
            self.assertEqual(len(matrix[0]), len(self._pieces(line)) + 1)
            for row in matrix:
                self.assertAlmostEqual(sum(row), 1.0, places=4)
        cli = subprocess.run([NMT, "translate", "--model", os.path.join(self.work.name, "marian"), "--beam", "4",
                              "--alignment", "--threads", "1"], input="\n".join(src) + "\n", capture_output=True,
                             text=True, check=True).stdout.splitlines()
        self.assertEqual([r.hypotheses[0] + " ||| " + r.alignments[0] for r in results], cli)

    def _pieces(self, line):
        # The fixture's vocabulary is joint: a line scored as a target gives its pieces.
        return self.translator.score_batch([line], [line])[0].tokens[:-1]

    @staticmethod
    def _text(pieces):
        return "".join(pieces).replace("▁", " ").strip()

    def test_translation_releases_the_gil(self):
        src = lines(os.path.join(FIXTURE, "input.en")) * 3
        ticks = 0
        done = threading.Event()
        def work():
            self.translator.translate(src, beam=4)
            done.set()
        thread = threading.Thread(target=work)
        thread.start()
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)
        thread.join()
        self.assertGreater(ticks, 50, "the main thread did not run while translating")


class Documented(unittest.TestCase):
    def test_type_stubs_name_every_public_call_with_its_parameters(self):
        import ast
        import inspect
        stub_path = os.path.join(os.path.dirname(nmt.__file__), "__init__.pyi")
        with open(stub_path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        stubs = {node.name: node for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
        for name in nmt.__all__:
            self.assertIn(name, stubs, f"{name} has no stub")
            obj = getattr(nmt, name)
            if isinstance(obj, type) and issubclass(obj, Exception):
                continue
            calls = {"__init__": obj.__init__} if isinstance(obj, type) else {name: obj}
            if isinstance(obj, type):
                calls.update({k: v for k, v in vars(obj).items() if callable(v) and not k.startswith("_")})
            for call, fn in calls.items():
                node = stubs[name]
                defs = [n for n in (node.body if isinstance(node, ast.ClassDef) else [node])
                        if isinstance(n, ast.FunctionDef) and n.name == call]
                self.assertTrue(defs, f"{name}.{call} has no stub")
                want = [p for p in inspect.signature(fn).parameters]
                for d in defs:
                    got = [a.arg for a in d.args.args + d.args.kwonlyargs + [d.args.vararg, d.args.kwarg] if a]
                    self.assertEqual(got, want, f"{name}.{call}")

    def test_help_reads_well(self):
        import pydoc
        text = pydoc.render_doc(nmt.Translator, renderer=pydoc.plaintext)
        for words in ("translate_batch(self, source, beam_size=4", "score_batch(self, source, target",
                      "one TranslationResult per source", "inter_threads", "CTranslate2"):
            self.assertIn(words, text)


class Scores(unittest.TestCase):
    def test_scores_equal_nmt_score_json(self):
        hyps = lines(os.path.join(DATA, "test.es"))[:50]
        refs = lines(os.path.join(DATA, "dev.es"))[:50]
        with tempfile.TemporaryDirectory() as work:
            h, r = os.path.join(work, "h"), os.path.join(work, "r")
            for path, text in ((h, hyps), (r, refs)):
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(text) + "\n")
            cli = json.loads(subprocess.run([NMT, "score", "--ref", r, "--hyp", h, "--metrics", "bleu,chrf,ter",
                                             "--json"], capture_output=True, text=True, check=True).stdout)
        for metric in ("bleu", "chrf", "ter"):
            s = nmt.score(hyps, refs, metric=metric)
            self.assertAlmostEqual(s.score, cli[metric]["score"], places=9, msg=metric)
            self.assertEqual(s.signature, cli[metric]["signature"])
        bleu = nmt.score(hyps, refs)
        self.assertEqual(bleu.counts, cli["bleu"]["counts"])
        self.assertTrue(repr(bleu).startswith("BLEU|nrefs:1"))
        self.assertAlmostEqual(nmt.score(["the cat sat on the mat"], ["the cat sat on the mat"]).score, 100.0, places=9)


class BesideTorch(unittest.TestCase):
    def test_imports_beside_debians_python3_torch(self):
        # A fresh interpreter: torch first, then nmt, both working.
        code = ("import torch, nmt\n"
                "x = torch.ones(3) * 2\n"
                "assert float(x.sum()) == 6.0\n"
                "print(torch.__version__, round(nmt.score(['the cat sat on the mat'], ['the cat sat on the mat']).score, 6))\n")
        try:
            import torch  # noqa: F401
        except ImportError:
            self.skipTest("python3-torch is not installed")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("100.0", out.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
