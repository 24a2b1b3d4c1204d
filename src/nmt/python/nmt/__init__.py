"""nmt from Python: translate with a trained (or imported) model, score, train.

    import nmt
    t = nmt.Translator("runs/demo", threads=2)
    t.translate(["In the beginning God created the heavens and the earth."], beam=4)
    nmt.score(hyps, refs, metric="bleu").score
    nmt.train({"preset": "tiny", "data": {...}, "train": {"max_steps": 100}}, callback=print)

The same library calls as the nmt command line, on the same LibTorch as
Debian's python3-torch (import both in one process).
"""
import itertools
import json as _json
import os as _os

from . import _nmt

Error = _nmt.Error

__all__ = ["Translator", "Score", "score", "train", "Error"]


class Translator:
    """A run directory or checkpoint (several: an ensemble) ready to translate.

    threads: CPU threads; workers: batches translated at once (0: one per
    thread); quantize: "int8" or "none"; shortlist: a file (nmt shortlist)
    or "none"; left None, both are the run's own (a distilled student's
    int8 and shortlist, as nmt translate does); weights: ensemble weights.
    """

    def __init__(self, path, device="cpu", threads=2, workers=0, quantize=None, weights=None, shortlist=None):
        paths = [path] if isinstance(path, (str, _os.PathLike)) else list(path)
        self._native = _nmt.Translator([str(p) for p in paths], device, int(threads), int(workers),
                                       quantize or "", list(weights or []), str(shortlist or ""))

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


def train(config, callback=None):
    """Trains as `nmt train` does. config: a dict with nmt train's sections
    (preset, model, train, data; data.out is the run directory), or the path
    of a YAML/JSON config file. callback(line) gets each log line. Ctrl-C
    stops after the current step with a checkpoint and raises
    KeyboardInterrupt; calling train again resumes."""
    if isinstance(config, (str, _os.PathLike)):
        return _nmt.train(str(config), "{}", callback)
    return _nmt.train("", _json.dumps(config), callback)
