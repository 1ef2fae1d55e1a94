# For OpenBench and anyone who builds with make: `make EXE=NAME` builds the standalone binary and puts it at NAME.
# OpenBench then runs `NAME bench` and reads its 'Nodes searched:' and 'Nodes/second:' lines. EVALFILE=NET builds
# with that net in place of the shipped one; TUNE=1 lists every search parameter as a UCI option (a tuning branch
# sets TUNE ?= 1 here, since OpenBench's SPSA builds with plain make); CC (OpenBench passes its compiler, `node`
# here) is not used.
EXE ?= tessera
EVALFILE ?=
TUNE ?=

.PHONY: all clean
all: $(EXE)

node_modules: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch node_modules

$(EXE): node_modules FORCE
	EVALFILE="$(EVALFILE)" TUNE="$(TUNE)" npm run build
	cp dist/tessera $(EXE)

FORCE:

clean:
	rm -rf dist
