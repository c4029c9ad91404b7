"""The playing table, split by job.

``scene`` composes the others and routes input; ``drag`` is the hand (pick up, hold,
drop, slide back); ``actions`` makes every change to the game (the only caller of
``Session.submit``); ``films`` queues the step animations that ``animations`` builds
from state diffs; ``pacing`` times the computer seats' steps; ``render`` keeps the
cached picture with one invalidation rule; ``draw`` paints a state zone by zone;
``targets`` says where a picked-up marker may go; ``logpanel`` is the ship's log;
``tooltips`` explains what is under the pointer; ``hints`` lights a step's zones.
"""
