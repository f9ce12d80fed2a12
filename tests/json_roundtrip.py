"""Checks `latmix export` against the files it exported: the JSON loads with
Python's json module, and every parameter's value, standard error and kind,
and every [fit] and [derived] number, equal the parameter file's own (read
with configparser, inline comments off, as any INI reader would).
Usage: json_roundtrip.py EXPORT.json RESULTS_DIR; exit 0 when all match."""
import configparser, json, math, os, sys


def num(text):
    return None if text == "missing" else float(text)


def same(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a == b or (math.isnan(a) and math.isnan(b))


def main(path, results):
    doc = json.load(open(path))
    assert doc["format"] == "latmix-results" and doc["format_version"] == 1, "format"
    assert doc["parameter_files"], "no parameter files"
    checked = 0
    for pf in doc["parameter_files"]:
        ini = configparser.ConfigParser(interpolation=None)
        ini.read(os.path.join(results, pf["file"]))
        assert pf["device"]["name"] == ini["device"]["name"], pf["file"]
        for key, p in pf["parameters"].items():
            sec = ini[key]
            assert same(p["value"], num(sec["value"])), (pf["file"], key, p["value"], sec["value"])
            assert same(p["stderr"], num(sec["stderr"])), (pf["file"], key, "stderr")
            assert p["kind"] == sec["kind"] and p["unit"] == sec["unit"], (pf["file"], key)
            checked += 1
        if "fit" in ini:
            fit = ini["fit"]
            for k in ("rms_rel_error", "max_rel_error", "aic"):
                assert same(pf["fit"][k], num(fit[k])), (pf["file"], k)
            assert pf["fit"]["quality"] == fit.get("quality", ""), (pf["file"], "quality")
        if "derived" in ini:
            for k, v in pf["derived"].items():
                if k in ini["derived"]:
                    assert same(v, num(ini["derived"][k])), (pf["file"], k)
    print(f"{len(doc['parameter_files'])} parameter files, {checked} parameters equal")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
