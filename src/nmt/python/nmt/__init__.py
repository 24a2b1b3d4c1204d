"""nmt from Python: translate with a trained (or imported) model, score, train.

    import nmt
    t = nmt.Translator("runs/demo", inter_threads=1, intra_threads=2)
    t.translate(["In the beginning God created the heavens and the earth."], beam=4)
    r = t.translate_batch(["In the beginning ..."], beam_size=4, num_hypotheses=2, return_scores=True)
    r[0].hypotheses, r[0].scores
    t.score_batch(["In the beginning ..."], ["En el principio ..."])[0].log_probs
    nmt.score(hyps, refs, metric="bleu").score
    nmt.train({"preset": "tiny", "data": {...}, "train": {"max_steps": 100}}, callback=print)

translate() is the short form (lines in, lines out); translate_batch() and
score_batch() are shaped like CTranslate2's (results with hypotheses,
scores, attention; text or pieces in).

The same library calls as the nmt command line, on the same LibTorch as
Debian's python3-torch (import both in one process).
"""
import itertools
import difflib as _difflib
import json as _json
import os as _os

from . import _nmt

Error = _nmt.Error

__all__ = ["Translator", "TranslationResult", "ScoringResult", "Score", "score", "train", "train_options", "Error"]


class TranslationResult:
    """One source's translation by Translator.translate_batch.

    hypotheses: the num_hypotheses best, best first: strings for text
        input, lists of target pieces for pieces;
    scores: each hypothesis's score (its log-probability under the length
        penalty: the ranking); log_probs: its log-probability, </s>
        included (both with return_scores=True, else empty);
    attention: per hypothesis, a matrix (list of rows) of the last decoder
        layer's cross-attention averaged over heads: one row per target
        piece then </s>, one column per source piece then </s>; rows sum to
        1 (with return_attention=True, else empty);
    alignments: per hypothesis, Marian's hard alignment "s-t ..." drawn
        from that attention, as `nmt translate --alignment` prints it
        (with return_alignment=True, else empty).
    """

    __slots__ = ("hypotheses", "scores", "log_probs", "attention", "alignments")

    def __init__(self, hypotheses, scores=(), log_probs=(), attention=(), alignments=()):
        self.hypotheses = list(hypotheses)
        self.scores = list(scores)
        self.log_probs = list(log_probs)
        self.attention = list(attention)
        self.alignments = list(alignments)

    def __getitem__(self, key):  # result["hypotheses"], as CTranslate2's results once were
        return getattr(self, key)

    def __repr__(self):
        return f"TranslationResult(hypotheses={self.hypotheses!r}, scores={self.scores!r})"


class ScoringResult:
    """One pair's score by Translator.score_batch: tokens, the target's
    pieces then "</s>"; log_probs, each one's log-probability given the
    source and the pieces before it. log_prob is their sum."""

    __slots__ = ("tokens", "log_probs")

    def __init__(self, tokens, log_probs):
        self.tokens = list(tokens)
        self.log_probs = list(log_probs)

    @property
    def log_prob(self):
        return sum(self.log_probs)

    def __getitem__(self, key):
        return getattr(self, key)

    def __repr__(self):
        return f"ScoringResult(tokens={self.tokens!r}, log_probs={self.log_probs!r})"


class Translator:
    """A run directory or checkpoint (several: an ensemble) ready to translate.

    path: a run directory (its final model), a checkpoint, or a list of
        them: an ensemble (they must share the vocabularies);
    device: "cpu", or "cuda"/"cuda:N" with a CUDA build;
    inter_threads: batches translated at once; intra_threads: threads
        working on each batch (CTranslate2's names; each defaults to 1);
    threads, workers: the same as nmt translate's --threads and --workers
        (threads in all; workers 0: one per thread when a call has that
        many batches). Give inter/intra_threads or threads/workers, not both;
        with neither, 2 threads;
    quantize: "int8" or "none"; shortlist: a file (nmt shortlist) or
        "none"; left None, both are the run's own (a distilled student's
        int8 and shortlist, as nmt translate does);
    weights: ensemble weights, one per model (default equal).
    """

    def __init__(self, path, device="cpu", threads=None, workers=None, quantize=None, weights=None, shortlist=None,
                 inter_threads=None, intra_threads=None):
        if inter_threads is not None or intra_threads is not None:
            if threads is not None or workers is not None:
                raise TypeError("give inter_threads/intra_threads or threads/workers, not both")
            inter, intra = int(inter_threads or 1), int(intra_threads or 1)
            if inter < 1 or intra < 1:
                raise Error(f"inter_threads and intra_threads must be >= 1, got {inter} and {intra}")
            threads, workers = inter * intra, inter
        paths = [path] if isinstance(path, (str, _os.PathLike)) else list(path)
        self._native = _nmt.Translator([str(p) for p in paths], device, int(2 if threads is None else threads),
                                       int(workers or 0), quantize or "", list(weights or []),
                                       str(shortlist or ""))

    def translate_batch(self, source, beam_size=4, num_hypotheses=1, length_penalty=None, max_decoding_length=None,
                        disable_unk=None, search=None, word_penalty=None, brevity_penalty=None, length_ratio=None,
                        max_batch_size=None, return_scores=False, return_attention=False, return_alignment=False,
                        glossary=None, glossary_ignore_case=False, constraints=None):
        """Translates a batch as CTranslate2's translate_batch does, and
        returns one TranslationResult per source.

        source: a list of lines of text, or a list of lists of source
            pieces (as the vocabulary spells them, e.g. "▁In"; an
            unknown piece is <unk>); pieces in give pieces out.
        beam_size: 1 is greedy; num_hypotheses: hypotheses per source
            (<= beam_size);
        length_penalty: the run's search rule's: for "nmt", the exponent
            alpha of log P / |y| ** alpha as CTranslate2's (default 1),
            Marian's --normalize for "marian";
        max_decoding_length: at most this many target pieces (</s> not
            counted); default: the run's rule (1.5 x source + 10, or
            Marian's 3 x source);
        disable_unk: never output <unk>; search: "nmt" or "marian" (nmt
            translate's --search); word_penalty: Marian's --word-penalty;
        brevity_penalty, length_ratio: nmt translate's --brevity-penalty
            (0 turns it off) and --length-ratio (default: the run's own,
            which nmt train measures; none for an imported Marian model);
        max_batch_size: sentences per batch (default 32);
        return_scores, return_attention, return_alignment: fill those
            fields of the results;
        glossary, glossary_ignore_case, constraints: as translate() takes
            them.
        None keeps the run's decoding default (an imported Marian model's
        search rule, length limit and <unk> ban; a trained run's length
        ratio).
        """
        items, tokens = _batch(source, "source")
        return [TranslationResult(**r) for r in self._native.translate_batch(
            items, tokens, int(beam_size), int(num_hypotheses), _float(length_penalty), _int(max_decoding_length),
            None if disable_unk is None else bool(disable_unk), search, _float(word_penalty), _float(brevity_penalty),
            _float(length_ratio), _int(max_batch_size),
            bool(return_scores), bool(return_attention), bool(return_alignment), _glossary_tsv(glossary),
            bool(glossary_ignore_case), _constraints(constraints, items))]

    def score_batch(self, source, target, max_batch_size=None):
        """The log-probability of each target given its source, piece by
        piece (teacher-forced; an ensemble's weighted as its search weighs
        it), as CTranslate2's score_batch: one ScoringResult per pair.
        source, target: lists of lines, or lists of lists of pieces."""
        items, tokens = _batch(source, "source")
        targets, target_tokens = _batch(target, "target")
        if items and targets and tokens != target_tokens:
            raise TypeError("source and target must both be lines of text or both lists of pieces")
        return [ScoringResult(**r) for r in self._native.score_batch(items, targets, tokens, _int(max_batch_size))]

    def translate(self, texts, beam=4, n_best=1, window=1000, glossary=None, glossary_ignore_case=False,
                  constraints=None):
        """A list of lines gives a list of translations (with n_best > 1, a
        list of (text, score, log_prob) per line). Any other iterable (a
        file, a generator) gives a generator that translates `window` lines at
        a time, for inputs larger than memory.

        glossary: {source term: target term}, or the path of a TSV file as
        `nmt translate --glossary` reads: a line holding a source term (as
        whole words) gets its target term. constraints: for a list of lines,
        one list of target phrases per line that its translation must
        contain (a phrase the vocabulary cannot spell is an Error)."""
        if isinstance(texts, str):
            raise TypeError("translate takes a list (or an iterable) of lines, not one string")
        terms = (_glossary_tsv(glossary), bool(glossary_ignore_case))
        if isinstance(texts, (list, tuple)):
            return self._native.translate(list(texts), int(beam), int(n_best), *terms, _constraints(constraints, texts))
        if constraints is not None:
            raise TypeError("constraints are given per line: translate a list of lines with them")
        return self._iterate(iter(texts), int(beam), int(n_best), int(window), terms)

    def _iterate(self, lines, beam, n_best, window, terms):
        while True:
            chunk = [line.rstrip("\n") for line in itertools.islice(lines, window)]
            if not chunk:
                return
            yield from self._native.translate(chunk, beam, n_best, *terms, [])


def _batch(items, name):
    """A list of lines or of lists of pieces -> (the list, whether pieces)."""
    if isinstance(items, str):
        raise TypeError(f"{name} is a list of lines (or of lists of pieces), not one string")
    items = list(items)
    tokens = bool(items) and not isinstance(items[0], str)
    for i, item in enumerate(items):
        if tokens == isinstance(item, str):
            raise TypeError(f"{name}[{i}]: mix of lines and lists of pieces")
    return ([list(item) for item in items] if tokens else items), tokens


def _float(value):
    return None if value is None else float(value)


def _int(value):
    return None if value is None else int(value)


def _glossary_tsv(glossary):
    if glossary is None:
        return ""
    if isinstance(glossary, (str, _os.PathLike)):
        with open(glossary, encoding="utf-8") as f:
            return f.read()
    lines = []
    for source, target in dict(glossary).items():
        for term in (source, target):
            if not isinstance(term, str) or not term.strip() or any(c in term for c in "\t\r\n"):
                raise Error(f"glossary: {term!r} is not a term (a non-empty string without tabs or line breaks)")
        if source.lstrip().startswith("#"):
            raise Error(f"glossary: a source term cannot start with '#' ({source!r}): glossary lines that do are comments")
        lines.append(source + "\t" + target + "\n")
    return "".join(lines)


def _constraints(constraints, texts):
    if constraints is None:
        return []
    constraints = [[c] if isinstance(c, str) else list(c) for c in constraints]
    if len(constraints) != len(texts):
        raise Error(f"constraints: {len(constraints)} lists for {len(texts)} lines")
    return constraints


class Score:
    """A corpus score: .score, .metric, .text (sacreBLEU's line) and the
    details `nmt score --json` gives (counts, precisions, bp, signature...)."""

    def __init__(self, fields):
        self.__dict__.update(fields)

    def __repr__(self):
        return self.text

    def __float__(self):
        return float(self.score)


def score(hyps, refs, metric="bleu", tokenize="13a", lowercase=False):
    """sacreBLEU-exact BLEU, chrF (chrf, chrf++) or TER of hypothesis lines against reference lines."""
    return Score(_nmt.score(list(hyps), list(refs), metric, tokenize, bool(lowercase)))


def train(config, callback=None, **options):
    """Trains as `nmt train` does. config: a dict with nmt train's sections
    (preset, model, train, data; data.out is the run directory), or the path
    of a YAML/JSON config file. options: any key of train_options("train"),
    ("model") or ("data"), over config's, as nmt train's flags are
    (train(config, max_steps=1000, dropout=0.2)). callback(line) gets each
    log line. Ctrl-C stops after the current step with a checkpoint and
    raises KeyboardInterrupt; calling train again resumes."""
    overrides = {}
    for key, value in options.items():
        overrides.setdefault(_option_section(key), {})[key] = value
    if isinstance(config, (str, _os.PathLike)):
        return _nmt.train(str(config), _json.dumps(overrides), callback)
    merged = {k: dict(v) if isinstance(v, dict) else v for k, v in dict(config).items()}
    for section, values in overrides.items():
        merged.setdefault(section, {}).update(values)
    return _nmt.train("", _json.dumps(merged), callback)


def train_options(section="train"):
    """The options of one of train's sections, "train", "model" or "data",
    as nmt train declares them: one dict per option with its key, flag (and
    off_flag), type, default (None for the model's, which the preset gives),
    help and choices (the values allowed; empty: any)."""
    return _nmt.train_options(section)


def _option_section(key):
    """The section whose table declares `key` (the keys are unique across them)."""
    tables = {section: [o["key"] for o in _nmt.train_options(section)] for section in ("train", "model", "data")}
    for section, keys in tables.items():
        if key in keys:
            return section
    close = _difflib.get_close_matches(key, [k for keys in tables.values() for k in keys], n=1)
    raise Error("train: unknown option '%s'%s" % (key, " (did you mean '%s'?)" % close[0] if close else ""))
