# The English catalogue of atomicd: every line a user reads, by id.
#
# Project Fluent syntax (https://projectfluent.org/). Rules of the house:
# * One message is one line; the server joins lines with newlines.
# * A message that begins or ends with spaces keeps them with {" "};
#   braces in the text are written {"{"} and {"}"}.
# * Variables: names ($name, $white, $black) are user names, shown as
#   they are; $no is a game number, $id an offer, seek or tourney number.
# * Lines marked "GUI" are read by programs (xboard, PyChess, eboard, Jin,
#   the browser client): a GUI client (style 12, interface variables,
#   timeseal or block mode) always gets them in English, so a translation
#   changes them only for people reading with telnet. The list is
#   render::fics::GUI_PARSED and the README's "Languages".
# * The English text here is the protocol's: the tests compare it byte for
#   byte, so it changes only with the tests.

## Words put inside other lines.

word-rated = rated
word-unrated = unrated
# Between the items of a short list: "1 and 53", "Alice and Bob".
word-and = and
# An empty line.
blank = {""}
# A line whose text is data (a table's row, a stored reason): passed as it is.
raw = {$text}

## Durations and dates inside other lines (idle times, finger, uptime).

# The two largest units of a length of time, as FICS writes them.
span-days = {$days} { $days ->
    [one] day
   *[other] days
}, {$hours} { $hours ->
    [one] hr
   *[other] hrs
}
span-hours = {$hours} { $hours ->
    [one] hr
   *[other] hrs
}, {$mins} { $mins ->
    [one] min
   *[other] mins
}
span-minutes = {$mins} { $mins ->
    [one] min
   *[other] mins
}
span-seconds = {$secs} { $secs ->
    [one] sec
   *[other] secs
}
# A date: $wday is sun to sat, $month jan to dec, $day the day padded to
# two characters (or $dayn, the bare number), $time "14:34", $seconds
# "14:34:05", $year "2016".
date-fics = { $wday ->
    [sun] Sun
    [mon] Mon
    [tue] Tue
    [wed] Wed
    [thu] Thu
    [fri] Fri
   *[sat] Sat
} { $month ->
    [jan] Jan
    [feb] Feb
    [mar] Mar
    [apr] Apr
    [may] May
    [jun] Jun
    [jul] Jul
    [aug] Aug
    [sep] Sep
    [oct] Oct
    [nov] Nov
   *[dec] Dec
} {$day}, {$time} UTC {$year}
# The same date in C's ctime form: "Sat Nov 29 12:01:00 2025" (the same
# values, $dayn too).
date-ctime = { $wday ->
    [sun] Sun
    [mon] Mon
    [tue] Tue
    [wed] Wed
    [thu] Thu
    [fri] Fri
   *[sat] Sat
} { $month ->
    [jan] Jan
    [feb] Feb
    [mar] Mar
    [apr] Apr
    [may] May
    [jun] Jun
    [jul] Jul
    [aug] Aug
    [sep] Sep
    [oct] Oct
    [nov] Nov
   *[dec] Dec
} {$day} {$seconds} {$year}

## Logging in.

login-kicking = **** {$name} is already logged in - kicking them out. ****
# GUI
login-starting = **** Starting FICS session as {$name} ****
messages-new = You have {$n} new { $n ->
    [one] message
   *[other] messages
}.
# GUI
kick-logged-in-elsewhere = **** {$name} has arrived - you can't both be logged in. ****
# GUI; $duration is a duration-minutes or duration-seconds text.
kick-idle = **** Auto-logout because you were idle more than {$duration}. ****
kick-nuked = **** You have been kicked out by {$by}! ****
kick-banned = **** You have been banned from this server by {$by}. ****
duration-minutes = {$n} { $n ->
    [one] minute
   *[other] minutes
}
duration-seconds = {$n} { $n ->
    [one] second
   *[other] seconds
}
not-logged-in = You are not logged in.

## Arrivals and departures (set pin, set pinform, notify lists).

# GUI
pin-connected = [{$name} has connected.]
# GUI
pin-disconnected = [{$name} has disconnected.]
# $kind is R (registered) or U (unregistered); $addr an IP address.
pin-connected-addr = [{$name} ({$kind}: {$addr}) has connected.]
pin-disconnected-addr = [{$name} ({$kind}: {$addr}) has disconnected.]
# GUI
notify-arrived = Notification: {$name} has arrived.
# GUI
notify-departed = Notification: {$name} has departed.
notify-present = Present company includes: {$names}.
notify-noted = Your arrival was noted by: {$names}.

## Names and games.

# GUI
name-not-logged-in = No user named "{$name}" is logged in.
name-ambiguous = Ambiguous name "{$name}". Matches: {$matches}
# GUI
player-not-logged-in = {$name} is not logged in.
# GUI
not-playing = You are not playing a game.
opponent-not-here = Your opponent is not here.
game-neither = You are neither playing nor observing a game.
game-no-such = There is no such game.
game-player-not-playing = {$name} is not playing a game.
# GUI; $rated is "rated" or "unrated".
game-header = Game {$no}: {$white} ({$white_rating}) {$black} ({$black_rating}) { $rated ->
    [rated] rated
   *[unrated] unrated
} atomic {$minutes} {$inc}

## A game begins. $rated is word-rated or word-unrated.

# GUI
game-creating = Creating: {$white} ({$white_rating}) {$black} ({$black_rating}) {$rated} {$variant} {$minutes} {$inc}
# GUI: PyChess knows the " (adjourned)".
game-creating-adjourned = Creating: {$white} ({$white_rating}) {$black} ({$black_rating}) {$rated} {$variant} {$minutes} {$inc} (adjourned)
# GUI
game-begins-created = {"{"}Game {$no} ({$white} vs. {$black}) Creating {$rated} {$variant} match.{"}"}
# GUI
game-begins-continued = {"{"}Game {$no} ({$white} vs. {$black}) Continuing {$rated} {$variant} match.{"}"}

## A game ends. GUI: the end line and the rating lines.

# GUI; $reason is one of the end-... lines, $result 1-0, 0-1, 1/2-1/2 or *.
game-end-line = {"{"}Game {$no} ({$white} vs. {$black}) {$reason}{"}"} {$result}
# GUI
rating-none = No ratings adjustment done.
# GUI
rating-adjustment = Atomic rating adjustment: {$old} --> {$new}
# GUI
rating-adjustment-atomic960 = Atomic960 rating adjustment: {$old} --> {$new}
end-king-exploded = {$loser}'s king exploded
end-checkmated = {$loser} checkmated
end-stalemate = Game drawn by stalemate
end-no-material = Neither player has mating material
end-resigned = {$loser} resigns
end-flagged = {$loser} forfeits on time
end-flagged-no-material = {$loser} ran out of time and {$winner} has no material to mate
end-draw-agreed = Game drawn by mutual agreement
end-abort-agreed = Game aborted by mutual agreement
end-adjourn-agreed = Game adjourned by mutual agreement
end-repetition = Game drawn by repetition
end-fifty-moves = Game drawn by the 50 move rule
end-aborted-move-1 = Game aborted on move 1
end-disconnected = {$loser} forfeits by disconnection
end-lost-connection-aborted = {$who} lost connection; game aborted
end-both-lost-connection = Both players lost connection; game aborted
end-lost-connection-adjourned = {$who} lost connection; game adjourned
end-adjudicated-win = {$winner} wins by adjudication
end-adjudicated-draw = Game drawn by adjudication
end-adjudicated-abort = Game aborted by adjudication
end-shutdown-adjourned = Game adjourned by server shutdown
end-shutdown-aborted = Game aborted by server shutdown
result-not-saved = Notice: the result of game {$no} ({$white} vs. {$black}) cannot be saved yet: the server cannot write to its database. It is kept and will be saved as soon as it can.
# $reason and $result as the store keeps them.
adjudicated-stored = {$by} has adjudicated your adjourned game with {$opponent}: {$reason} {$result}

## Playing.

# GUI
move-not-your-turn = It is not your move.
# GUI; $text is the move as typed.
move-illegal = Illegal move ({$text}).
# GUI
move-ambiguous = Ambiguous move ({$text}).
move-not-a-move = That is not a move.
adjourn-needs-registered = Only games between registered players can be adjourned; use "abort" instead.
takeback-too-many = There are only {$plies} half moves to take back.
flag-untimed = You can't flag an untimed game.
flag-too-early = You cannot flag before both players have moved.
flag-too-early-abort = Use abort instead.
# GUI
flag-not-out = Your opponent is not out of time!
moretime-range = You can add from 1 to 36000 seconds.
# GUI
moretime-added = {$secs} seconds were added to your opponents clock
# GUI
moretime-given = Your opponent has added {$secs} seconds to your clock.
moretime-untimed = You can't add time to an untimed game.
# $side is white or black.
time-clock = { $side ->
    [white] White
   *[black] Black
} ({$name}) : {$mins} mins, {$secs} secs
# $piece is QUEEN, ROOK, BISHOP or KNIGHT.
promote-set = Promotion piece set to {$piece}.

## Reconnection grace.

grace-waiting = Game {$no}: {$name} has lost connection. The clocks are stopped; the game waits {$secs} seconds for {$name} to come back.
grace-back-waiting = Game {$no}: {$name} has reconnected; the clocks stay stopped until both players are back.
grace-back = Game {$no}: {$name} has reconnected; the game goes on.

## Offers: draw, abort, adjourn, takeback, and challenges.

noun-match-offer = match offer
noun-match-request = match request
noun-draw-request = draw request
noun-abort-request = abort request
noun-adjourn-request = adjourn request
noun-takeback-request = takeback request
verb-accepts = accepts
verb-declines = declines
verb-withdraws = withdraws
verb-updates = updates
# GUI; $verb is a verb-... word, $noun a noun-... word: "Bob declines the draw request."
offer-answered = {$by} {$verb} the {$noun}.
# $noun is a noun-... word.
offer-declined-seen = Game {$game}: {$by} declines the {$noun}.
# GUI
offer-draw-to-you = {$from} offers you a draw.
# GUI
offer-abort-to-you = {$from} would like to abort the game; type "abort" to accept.
# GUI
offer-adjourn-to-you = {$from} would like to adjourn the game; type "adjourn" to accept.
# GUI
offer-takeback-to-you = {$from} would like to take back {$plies} half move(s).
# GUI
offer-draw-seen = Game {$game}: {$from} offers a draw.
# GUI
offer-abort-seen = Game {$game}: {$from} requests to abort the game.
# GUI
offer-adjourn-seen = Game {$game}: {$from} requests to adjourn the game.
# GUI
offer-takeback-seen = Game {$game}: {$from} requests to take back {$plies} half move(s).
offer-sent-draw = Draw request sent.
offer-sent-abort = Abort request sent.
offer-sent-adjourn = Adjourn request sent.
offer-sent-takeback = Takeback request sent.
# $kind is the offer's type: match, draw, abort, adjourn, takeback, switch or pause.
offer-you-accept = You accept the { $kind ->
    [match] match offer
    [draw] draw request
    [abort] abort request
    [adjourn] adjourn request
    [switch] switch request
    [pause] pause request
   *[takeback] takeback request
} from {$name}.
offer-you-decline = You decline the { $kind ->
    [match] match offer
    [draw] draw request
    [abort] abort request
    [adjourn] adjourn request
    [switch] switch request
    [pause] pause request
   *[takeback] takeback request
} from {$name}.
offer-you-withdraw = You withdraw the { $kind ->
    [match] match offer
    [draw] draw request
    [abort] abort request
    [adjourn] adjourn request
    [switch] switch request
    [pause] pause request
   *[takeback] takeback request
} to {$name}.
accept-while-playing = You can't accept a challenge while a game is in progress.
# $verb is the command: accept, decline or withdraw.
offer-none-to = You have no offers to {$verb}.
offer-none-made = You have no pending offers to other players.
offer-several = You have more than one offer to {$verb}.
offer-several-how = Use "pending" to see them and "{$verb} n" to choose which one.
offer-out-of-range = Out of range. Use "pending" to see the list of offers.
# GUI; $kind as the user typed it after t=.
offer-no-kind = There are no {$kind} offers to {$verb}.
offer-several-kind = You have more than one {$kind} offer; use "{$verb} n".
offer-none-from-name = There are no offers pending from {$name}.
offer-none-to-name = There are no offers pending to {$name}.
offer-several-name = You have more than one offer involving {$name}; use "{$verb} n".
offer-already-match = You are already offering a challenge: {$text}.
offer-already-draw = You are already offering a draw.
offer-already-abort = You are already offering to abort the game.
offer-already-adjourn = You are already offering an adjournment.
offer-already-takeback = You are already offering to takeback the last {$plies} half moves.

## pending

pending-none-to = There are no offers pending TO other players.
pending-to-header = Offers TO other players:
pending-to-match = {" "}{$id}: You are offering {$name} a challenge: {$text}.
pending-to-draw = {" "}{$id}: You are offering {$name} a draw.
pending-to-abort = {" "}{$id}: You are offering {$name} to abort the game.
pending-to-adjourn = {" "}{$id}: You are offering {$name} an adjournment.
pending-to-takeback = {" "}{$id}: You are offering {$name} to takeback the last {$plies} half moves.
pending-to-how = If you wish to withdraw any of these offers type 'withdraw n'
pending-to-how-only = or just 'withdraw' if there is only one offer.
pending-none-from = There are no offers pending FROM other players.
pending-from-header = Offers FROM other players:
pending-from-match = {" "}{$id}: {$name} is offering a challenge: {$text}.
pending-from-draw = {" "}{$id}: {$name} is offering a draw.
pending-from-abort = {" "}{$id}: {$name} is offering to abort the game.
pending-from-adjourn = {" "}{$id}: {$name} is offering an adjournment.
pending-from-takeback = {" "}{$id}: {$name} is offering to takeback the last {$plies} half moves.
pending-from-how = If you wish to accept any of these offers type 'accept n'
pending-from-how-only = or just 'accept' if there is only one offer.

## match

# GUI; $text is "Alice (1500) [white] Bob (1600) rated atomic 5 0".
challenge-line = Challenge: {$text}.
# GUI
challenge-issuing = Issuing: {$text}.
challenge-computer = --** {$name} is a computer **--
challenge-position = The game starts from this position: {$fen}
challenge-answer = You can "accept" or "decline", or propose different parameters.
# GUI
challenge-intercepts = Your challenge intercepts {$name}'s challenge.
challenge-declining-theirs = Declining offer from {$name} and offering new match parameters.
challenge-updating = Updating offer already made to "{$name}".
challenge-while-playing = You can't challenge while you are playing a game.
# $win, $draw, $loss are signed: +6, -2.
rating-preview = Your atomic rating will change:  Win: {$win},  Draw: {$draw},  Loss: {$loss}
rating-preview-rd = Your new RD will be {$rd}
match-position-decided = That position is already decided; there is no game to play.
match-position-unrated = Games from a set-up position are unrated.
match-atomic960-fen = An Atomic960 game starts from one of the 960 start positions: give its number (atomic960 N), not a FEN.
match-from-examined = The game will start from the position you are examining.
refuse-gone = That player has left.
refuse-self-match = You can't match yourself.
# GUI
refuse-not-open = Player "{$name}" is not open to match requests.
# GUI
refuse-censored = {$name} is censoring you.
# GUI
refuse-noplay = You are on {$name}'s noplay list.
# GUI
refuse-playing = {$name} is playing a game.
# GUI
refuse-rated-registration = Only registered players can play rated games.
# GUI
refuse-formula = Match request does not fit formula for {$owner}:
# GUI
refuse-formula-text = {$owner}'s formula: {$formula}
computer-no-games = Sorry, computer accounts may not play games here.
computer-max-games = Sorry, computer accounts may play at most {$n} { $n ->
    [one] game
   *[other] games
} at once.
computer-no-rated-computers = Sorry, computer accounts may not play rated games against each other here.
computer-no-rated-humans = Sorry, computer accounts may not play rated games against humans here.
computer-no-rated = Sorry, computer accounts may not play rated games here.
computer-no-challenges = Sorry, computer accounts may not send challenges here; post a seek instead.
computer-challenge-rate = Sorry, computer accounts may send at most {$n} { $n ->
    [one] challenge
   *[other] challenges
} a minute.

## The words of match and seek, refused.

terms-time-too-large = Times must be at most {$max}.
# $word as typed.
terms-too-many-numbers = Too many numbers: "{$word}".
terms-bad-range = Bad rating range "{$word}".
terms-other-variant = Only atomic chess is played here; "{$word}" is not available.
terms-unknown-word = I don't understand "{$word}".

## Set-up positions: match ... fen, bsetup. $side is white or black.

# $why is one of the fen-why-... texts.
fen-invalid = That is not a valid FEN: {$why}.
fen-why-board = the board part is wrong
fen-why-turn = the side to move must be w or b
fen-why-castling = the castling part is wrong
fen-why-ep = the en passant square is wrong
fen-why-halfmove = the halfmove clock is wrong
fen-why-fullmove = the move number is wrong
fen-why-fields = it does not have the right fields
# $why is one of the setup-why-... texts.
setup-unplayable = That position cannot be played: {$why}.
setup-why-empty = the board is empty
setup-why-missing-king = a king is missing
setup-why-too-many-kings = a side has more than one king
setup-why-pawns-backrank = a pawn stands on the first or last rank
setup-why-castling-rights = a castling right has no king or rook in place
setup-why-ep-square = the en passant square is impossible
setup-why-opposite-check = the side not to move is in check
setup-why-impossible-check = the check cannot have come from a move
setup-why-too-much-material = there are more pieces than a game can have
setup-why-variant = it breaks the atomic rules
setup-why-illegal = it is not a legal position
setup-why-no-king = { $side ->
    [white] White
   *[black] Black
} has no king
setup-why-two-kings = { $side ->
    [white] White
   *[black] Black
} has more than one king
# $rank is 1 or 8, $square the pawn's square.
setup-why-pawn-on-rank = no pawn may stand on rank {$rank} ({$square})
# $checked and $to_move are white or black.
setup-why-in-check = { $checked ->
    [white] White
   *[black] Black
} is in check but it is { $to_move ->
    [white] White
   *[black] Black
}'s move
setup-why-castling = castling needs the king and rook at home
setup-why-castling-960 = castling needs the king on its first rank between its castling rooks
# $side is the side of the pawn, $square where it would have gone.
setup-why-en-passant = no { $side ->
    [white] white
   *[black] black
} pawn can have just gone to {$square}
bsetup-eppos-usage = Usage: bsetup eppos FILE|none (a file from a to h)
# $text as typed.
bsetup-not-placement = "{$text}" is not a piece placement: write P@e4 (White), p@e4 (Black), wp@e4, bp@e4 or x@e4.
bsetup-not-fen = "{$text}" is not a FEN.
bsetup-king-not-home = { $side ->
    [white] White
   *[black] Black
} may only castle with its king on its first rank.
# $rook is h or a: the side of the king the rook should stand on.
bsetup-no-rook = { $side ->
    [white] White
   *[black] Black
} has no rook on the { $rook ->
    [h] h-side
   *[a] a-side
} of its king.
bsetup-empty = The board is now empty.
bsetup-start = The board is now in the starting position.
# $n is the Chess960 start position's number.
bsetup-start-960 = The board is now in Chess960 start position {$n} (Atomic960).
bsetup-fen = The board is set from the FEN.
bsetup-to-move = { $side ->
    [white] White
   *[black] Black
} to move.
# $rights is both, kside, qside or none.
bsetup-castle = { $side ->
    [white] White
   *[black] Black
} { $rights ->
    [both] may castle both ways.
    [kside] may castle king side only.
    [qside] may castle queen side only.
   *[none] may not castle.
}
# $file is a to h.
bsetup-en-passant = En passant is possible on the {$file}-file.
bsetup-no-en-passant = No en passant.

## Formulas (set formula, f1 to f9).

# $column counts from 1; $why is one of the formula-why-... texts.
formula-error = Formula error at column {$column}: {$why}
formula-why-too-long = a formula may be {$max} characters at most.
# $char is the character in quotes: 'x'.
formula-why-char = unexpected character {$char}.
formula-why-number = number too large.
formula-why-variable = unknown variable "{$word}".
formula-why-ends = the formula ends too early.
formula-why-value = expected a number or variable, found "{$token}".
formula-why-operator = expected an operator, found "{$token}".
formula-why-close = missing ")".
formula-why-open = ")" without "(".
# $op is the operator twice: !! or --.
formula-why-double = "{$op}" is not allowed.
formula-why-argument = {$name} needs a number of moves, as in {$name}(40).
formula-why-f1 = f1 cannot refer to other f-variables.
# f$from may use f1 to f$last only, and used f$to.
formula-why-forward = f{$from} may only refer to f1-f{$last}, not f{$to}.
formula-why-deep = nested too deeply.
formula-why-slot = there is no f-variable f{$n}.

## List names and handles.

list-no-such = "{$name}" does not match any list name.
list-ambiguous = Ambiguous list "{$name}". Matches: {$matches}
handle-too-short = A name should be at least three characters long!
handle-too-long = Sorry, names may be at most 17 characters long.
handle-not-letters = Sorry, names can only consist of lower and upper case letters.

## Seeks.

# GUI; $rated is word-rated or word-unrated; $flags the colour and m, f marks.
seek-ad = {$name} ({$rating}) seeking {$minutes} {$inc} {$rated} {$variant}{$start}{$flags} ("play {$index}" to respond)
# GUI
seeks-removed = Ads removed: {$list}
seek-while-playing = You can't seek while you are playing a game.
seek-same = You already have an active seek with the same parameters.
# GUI
seek-range-updated = Updating seek ad {$index}; rating range now {$low}-{$high}.
# GUI
seek-too-many = You can only have {$n} active seeks.
# GUI
seek-matches = Your seek matches one already posted by {$name}.
# GUI
seek-posted = Your seek has been posted with index {$index}.
seek-seen = ({$n} player(s) saw the seek.)
seek-manual = Issuing match request since the seek was set to manual.
seek-accepted = {$name} accepts your seek.
seek-set-unrated = Setting seek to unrated.
play-several-seeks = {$name} has more than one seek; use "play N".
play-not-available = That seek is not available.
play-own-seek = ERROR: You cannot respond to your own seek ads
play-while-playing = You can't play while you are playing a game.
play-computer = Sorry, computer accounts may not answer seeks; send a challenge instead.
play-out-of-range = Your rating does not fit the range of that seek.
# GUI
sought-count = { $n ->
    [one] 1 ad displayed.
   *[other] {$n} ads displayed.
}
unseek-no-such = You have no seek {$index}.
unseek-none = You have no active seeks.
unseek-one = Your seek {$index} has been removed.
# GUI
unseek-all = Your seeks have been removed.

## Observing.

# GUI
observe-started = You are now observing game {$no}.
# GUI
observe-removed = Removing game {$no} from observation list.
observe-own-game = You are playing game {$no}.
observe-examining = You are examining game {$no}.
# GUI
observe-already = You are already observing game {$no}.
unobserve-not = You are not observing game {$no}.
unobserve-none = You are not observing any games.
allobservers-nobody = No games are being observed.
# GUI
allobservers-none = No one is observing game {$no}.
# GUI; $names may be empty.
allobservers-game = Observing {$no} [{$white} vs. {$black}]: {$names} ({$n} { $n ->
    [one] user
   *[other] users
})
# GUI
allobservers-exam = Examining {$no} [{$white} vs. {$black}]: {$names} ({$n} { $n ->
    [one] user
   *[other] users
})
# GUI; $rating as lists show it.
kibitz-heard = {$name}({$rating})[{$no}] kibitzes: {$text}
# GUI
whisper-heard = {$name}({$rating})[{$no}] whispers: {$text}
kibitz-registered-only = Only registered players may kibitz to others' games.
whisper-registered-only = Only registered players may whisper to others' games.
# GUI
kibitzed-to = (kibitzed to {$n} { $n ->
    [one] player
   *[other] players
})
# GUI
whispered-to = (whispered to {$n} { $n ->
    [one] player
   *[other] players
})

## Adjourned games.

# GUI
stored-none = {$name} has no adjourned games.
# GUI
stored-header = Stored games for {$name}:
# GUI; Column headers, over rows PyChess reads.
stored-columns = {"    "}C Opponent       On Type          Str  M    ECO Date
resume-none-with = You have no adjourned game with {$name}.
resume-gone = That adjourned game is no longer stored.
# $why is the move that no longer replays.
resume-damaged = {$why}
resume-nobody-online = None of your stored opponents is logged in.
resume-several-online = Several of your stored opponents are logged in; use "resume name".
server-shutting-down = The server is shutting down.
restart-when-free = Your adjourned game with {$opponent} goes on when you are both free.
restart-when-back = Your adjourned game with {$opponent} goes on when {$opponent} logs in.
restart-arrived = Notification: {$name}, who has an adjourned game with you, has arrived.
restart-watch = Game {$no} ({$white} vs. {$black}), which you observed, goes on: "observe {$no}" to watch.

## Examining.

# GUI
exam-already = You are already examining a game.
exam-while-playing = You are playing a game.
# GUI
exam-not-examining = You are not examining any games.
# GUI
exam-start-scratch = Starting a game in examine (scratch) mode.
exam-start-setup = Starting a game in examine (setup) mode.
# $title is a stored-title text, $players a stored-players one.
exam-start-stored = Starting a game in examine mode: {$title}, {$players}.
exam-stored-plies = It has {$n} { $n ->
    [one] half-move
   *[other] half-moves
}: "forward" and "backward" step through them.
# GUI
exam-moves = Game {$no}: {$name} moves: {$san}
exam-forward = Game {$no}: {$name} goes forward {$n} { $n ->
    [one] move
   *[other] moves
}.
exam-backward = Game {$no}: {$name} backs up {$n} { $n ->
    [one] move
   *[other] moves
}.
exam-revert = Game {$no}: {$name} reverts to mainline.
exam-no-moves = You cannot go forward; no moves are stored.
exam-no-more = Game {$no}: No more moves.
exam-end-of-game = Game {$no}: End of game.
exam-beginning = Game {$no}: Beginning of game.
exam-at-mainline = Game {$no}: Already at mainline.
# $reason and $result as stored, or the rules' own end.
exam-end = Game {$no}: {$reason} {$result}
exam-setup-forward = You can't move forward yet, the position is still being set up.
exam-setup-backward = You can't move backward yet, the position is still being set up.
exam-setup-revert = You can't revert yet, the position is still being set up.
exam-setting-up = You are setting up a position: type "bsetup done" when it is ready.
exam-sets-up = Game {$no}: {$name} sets up a position; "bsetup done" starts examining it.
exam-already-setting-up = You are already setting up a position; see "help bsetup".
exam-set-up = Game {$no}: {$name} has set up the position; the pieces can move now.
exam-finish-setup = Finish setting up the position with "bsetup done" first.
exam-stopped-by = {$name} has stopped examining game {$no}.
# GUI
exam-no-examiners = Game {$no} (which you were observing) has no examiners.
# GUI
exam-you-stopped = You are no longer examining game {$no}.
mexamine-already = {$name} is already an examiner of game {$no}.
mexamine-examining = {$name} is examining a game.
mexamine-not-observing = {$name} is not observing the game you are examining.
mexamine-now = {$name} is now an examiner of game {$no}.
# GUI
mexamine-made-you = {$name} has made you an examiner of game {$no}.
lesson-boards = Boards in category {$category}: {$names}.
lesson-how-to-load = Type "examine {$category} NAME" to load one.
lesson-loading = Loading from category: {$category}, board: {$board}.
lesson-no-such = There is no board "{$board}" in category {$category}.
lesson-how-forward = Type "forward" to play the moves one by one, or move the pieces yourself.
lesson-how-backward = Type "backward" to take back the moves that led here, or move the pieces yourself.
lesson-how-setup = Type "bsetup" to change the position, or "unexamine" to stop.
database-unavailable = The database is not available; try again later.

## Talking.

talk-slow-down = Please slow down.
muzzled = You are muzzled.
tell-no-previous = No previous tell.
# GUI; $name with titles: "Bob(C) tells you: hi".
tell-heard = {$name} tells you: {$text}
tell-not-listening = Player "{$name}" isn't listening to unregistered tells.
tell-no-such-player = There is no player matching the name {$name}.
# GUI
told = (told {$name})
# GUI
told-playing = (told {$name}, who is playing)
# GUI; $idle is "7 mins".
told-idle = (told {$name}, who has been idle {$idle})
say-nobody = I don't know whom to say that to.
# GUI; $game is "[12]" during the game, empty after it.
say-heard = {$name}{$game} says: {$text}
# GUI
shout-heard = {$name} shouts: {$text}
# GUI
cshout-heard = {$name} c-shouts: {$text}
# GUI
it-heard = --> {$name} {$text}
shouted-to = (shouted to {$n} { $n ->
    [one] player
   *[other] players
})
cshouted-to = (c-shouted to {$n} { $n ->
    [one] player
   *[other] players
})
itshouted-to = (it-shouted to {$n} { $n ->
    [one] player
   *[other] players
})
shout-deaf = (Did not shout because you are not listening to shouts)
cshout-deaf = (Did not c-shout because you are not listening to c-shouts)
itshout-deaf = (Did not it-shout because you are not listening to shouts)
# $command is shout, cshout or it.
shout-registered-only = Only registered players can use the {$command} command.
shout-next-in = Next shout available in {$n} { $n ->
    [one] second
   *[other] seconds
}.
shout-ready = Your next shout is ready for use.
shout-not-sent = Shout not sent. Next shout in {$n} { $n ->
    [one] second
   *[other] seconds
}.
qtell-td-only = Only TD programs are allowed to use this command.

## Channels.

channel-max = The maximum channel number is 255.
channel-no-previous = No previous channel.
# GUI
channel-heard = {$name}({$channel}): {$text}
channel-not-member = (Not sent because you are not in channel {$channel}.)
# $title is the channel's number, and its name in quotes when it has one.
channel-told = (told {$n} { $n ->
    [one] player
   *[other] players
} in channel {$title})

# GUI
channel-join-admins = Only admins may join channel {$channel}.
channel-talk-admins = Only admins may send tells to channel {$channel}.
# $channels is "1 and 53".
channel-guests-only = Guests may talk only in channels {$channels}.

## Tournaments.

# A tourney's kind, inside other lines; $n is the rounds, cycles, games or
# the arena's minutes or seconds.
tourney-kind = { $format ->
    [swiss] swiss {$n} rounds
    [rr] round robin
    [rrx] round robin x{$n}
    [ko] knockout {$n} game(s)
    [arena-min] arena {$n} min
   *[arena-s] arena {$n} s
}
# A tourney's time, increment, whether it is rated, and its variant
# ($variant: atomic or atomic960; nothing is said for atomic).
tourney-terms = {$minutes} {$inc} { $rated ->
    [rated] rated
   *[unrated] unrated
}{ $variant ->
    [atomic960] {" "}atomic960
   *[other] {""}
}
tourney-status = { $status ->
    [open] open
    [running] running
    [finished] finished
   *[cancelled] cancelled
}
# $kind is a tourney-kind text, $terms a tourney-terms one.
tourney-created = Tourney #{$id} "{$name}" ({$kind}, {$terms}) created by {$by}. "tourney join {$id}" to play.
tourney-no-such = There is no tourney #{$id}.
tourney-none = No such tourney.
tourney-registered-only = Only registered players can play in tourneys.
tourney-started-already = Tourney #{$id} has already started.
tourney-over-already = Tourney #{$id} is over.
tourney-already-over = Tourney #{$id} is already over.
tourney-in-already = You are already in tourney #{$id}.
tourney-full = Tourney #{$id} is full ({$max} players).
tourney-min-rating = Tourney #{$id} needs a rating of at least {$min}.
tourney-joins = {$name} joins tourney #{$id} ({$n} players).
tourney-you-join = You join tourney #{$id}.
tourney-not-in = You are not in tourney #{$id}.
tourney-leaves = {$name} leaves tourney #{$id}.
tourney-you-leave = You leave tourney #{$id}.
tourney-director-only = Only the director of tourney #{$id} can do that.
tourney-not-open = Tourney #{$id} is not open.
tourney-too-few = Tourney #{$id} needs at least two players.
tourney-starts = Tourney #{$id} "{$name}" starts with {$n} players.
tourney-started = Tourney #{$id} started.
tourney-cancelled-announce = Tourney #{$id} has been cancelled.
tourney-cancelled = Tourney #{$id} cancelled.
tourney-game-arena = Tourney #{$id}: {$white} vs. {$black} (game {$no}).
tourney-game-round = Tourney #{$id} round {$round}: {$white} vs. {$black} (game {$no}).
# $games is "Alice - Bob, Carol - Dave", $byes a list of names.
tourney-pairs = Tourney #{$id} pairs {$games}.
tourney-pairs-byes = Tourney #{$id} pairs {$games}; bye: {$byes}.
tourney-round = Tourney #{$id} round {$round}: {$games}.
tourney-round-byes = Tourney #{$id} round {$round}: {$games}; bye: {$byes}.
tourney-round-only-byes = Tourney #{$id} round {$round}:  bye: {$byes}.
# An Atomic960 event: the start position every game of the round (of the
# arena's pairing wave) plays; $n is its Chess960 number, $letters White's
# first rank.
tourney-start-position = Tourney #{$id} round {$round}: every game starts from Atomic960 position {$n} ({$letters}).
tourney-start-position-arena = Tourney #{$id}: these games start from Atomic960 position {$n} ({$letters}).
# $names is "Alice and Bob", $n how many they are.
tourney-absent = Tourney #{$id}: {$names} absent; forfeit.
tourney-withdrawn = Tourney #{$id}: {$name} is withdrawn after two forfeits.
# $result is 1-0, 0-1, 1/2-1/2, +:- or -:+.
tourney-result = Tourney #{$id}: {$white} {$result} {$black}.
tourney-aborted-again = Tourney #{$id}: {$white} vs. {$black} was aborted; it will be played again.
tourney-over = Tourney #{$id} "{$name}" is over.
tourney-over-winner = Tourney #{$id} "{$name}" is over. Winner: {$winner}.
tourney-final-standings = Final standings of tourney #{$id}:
tourney-stored-forfeit = Your adjourned game with {$opponent}: {$loser} forfeits by disconnection {$result}
berserk-not-arena = You can only berserk in an arena tourney game.
berserk-already = You have already berserked.
berserk-too-late = You can only berserk before your first move.
berserk-untimed = You can't berserk in an untimed game.
berserk-opponent = {$name} berserks: half the clock, for an extra point.
berserk-done = You berserk: your clock is halved; a win of 14 half-moves or more scores an extra point.

## Administration.

# GUI
announcement = {"    "}**ANNOUNCEMENT** from {$by}: {$text}
announcement-sent = ({$n}) **ANNOUNCEMENT** from {$by}: {$text}
nuke-admin = You can't nuke an administrator.
nuked = Nuked: {$name}
# GUI
shutdown-goodbye = {"    "}**** Server shutting down. ****
shutdown-canceled = {"    "}**** Server shutdown canceled by {$by}. ****
shutdown-in-minutes = {"    "}**** Server shutting down in {$n} { $n ->
    [one] minute
   *[other] minutes
}. ****
shutdown-in-seconds = {"    "}**** Server shutting down in {$n} { $n ->
    [one] second
   *[other] seconds
}. ****

## The command line.

# $syntax is the command's syntax: "match user [time [inc]] ...".
usage = Usage: {$syntax}
# GUI
command-not-found = {$word}: Command not found.
command-ambiguous = Ambiguous command "{$word}". Matches: {$matches}
# GUI
not-playing-or-examining = You are not playing or examining a game.
line-too-long = Your line was too long and has been ignored.
alias-too-long = Your line was too long after alias expansion and has been ignored.
# $rate is the configured number of commands a second.
budget-slow-down = Slow down: your commands run {$rate} a second; the rest follow in turn.
budget-flooded = **** Disconnected: you sent commands far faster than they can run. ****
line-output-too-long = The rest of your line was not run: its output would be too long.

## Replies of the commands (converted from the code as they were).

lists-the-channel-to-add-must = The channel to add must be a number between 0 and 255.
# GUI
lists-lists = Lists:
# GUI; $name is the list's name padded to 20 characters.
lists-public = {$name} is PUBLIC
lists-personal = {$name} is PERSONAL
lists-no-one-from-your-notify = No one from your notify list is logged on.
lists-present-company-on-your-notify = Present company on your notify list:
lists-no-one-logged-in-has = No one logged in has you on their notify list.
lists-the-following-players-have-you = The following players have you on their notify list:
lists-nobody-is-in-any-channel = Nobody is in any channel.
lists-no-such-channel-the-largest = No such channel; the largest channel number is 255.
# GUI
lists-added-to-your-channel-list = {""}[{$ch}] added to your channel list.
lists-is-already-on-your-channel = {""}[{$ch}] is already on your channel list.
lists-removed-from-your-list = {""}[{$entry}] removed from your {$list} list.
lists-is-not-in-your-list = {""}[{$item}] is not in your {$list} list.
lists-is-not-in-any-channel = {$name} is not in any channel.
# GUI
lists-is-in-the-following-channels = {$name} is in the following channels:
basic-you-can-t-quit-while = You can't quit while you are playing a game.
basic-type-resign-to-resign-the = Type 'resign' to resign the game, or you can request an abort with 'abort'.
# GUI
basic-logging-you-out = Logging you out.
basic-local-time-utc = Local time     - {$now} UTC
basic-server-time-utc = Server time    - {$now} UTC
basic-gmt = GMT            - {$now}
alias-you-have-no-aliases = You have no aliases.
alias-aliases = Aliases:
alias-you-have-no-alias-named = You have no alias named "{$name}".
alias-you-can-t-alias = You can't alias "{$name}".
alias-alias-changed = Alias "{$name}" changed.
alias-alias-set = Alias "{$name}" set.
alias-alias-unset = Alias "{$name}" unset.
journal-source-and-destination-entries-are = Source and destination entries are the same.
td-time-and-increment-go-up = Time and increment go up to 999.
td-a-player-cannot-play-himself = A player cannot play himself.
td-the-game-could-not-be = The game could not be started.
td-the-tourney-variable-cannot-be = The tourney variable cannot be set.
td-s-tourney-variable-is-now = {$target}'s tourney variable is now {$word}.
tourney-only-tournament-directors-and-admins = Only tournament directors and admins can create tourneys.
tourney-there-are-no-tourneys = There are no tourneys.
admin-shutdown-canceled = Shutdown canceled.
admin-no-shutdown-is-scheduled = No shutdown is scheduled.
admin-shutting-down-now = Shutting down now.
admin-accounts-is-logged-in-nuke-them = {$shown} is logged in; nuke them first.
admin-accounts-is-not-a-valid-handle = "{$name}" is not a valid handle.
admin-accounts-comment-added-for = Comment added for {$shown}.
help-type-help-for-the-list = Type "help" for the list of topics.
help-there-is-no-help-available = There is no help available for "{$topic}".
vars-variable-settings-of = Variable settings of {$name}:
vars-interface-variable-settings-of = Interface variable settings of {$name}:
stored-you-have-no-adjourned-games = You have no adjourned games.
stored-no-user-named-is-logged = No user named "{$n}" is logged in.


## set: the replies of the switches (set NAME 1, set NAME 0).

set-bell-on = You will now hear beeps.
set-bell-off = You will not hear beeps.
set-open-on = You are now open to receive match requests.
set-open-off = You are no longer open to receive match requests.
set-rated-on = Games will be rated by default.
set-rated-off = Games will be unrated by default.
set-seek-on = You will now see seek ads.
set-seek-off = You will not see seek ads.
set-shout-on = You will now hear shouts.
set-shout-off = You will not hear shouts.
set-cshout-on = You will now hear cshouts.
set-cshout-off = You will not hear cshouts.
set-tell-on = You will now hear direct tells from unregistered users.
set-tell-off = You will not hear direct tells from unregistered users.
set-ctell-on = You will now hear channel tells from unregistered users.
set-ctell-off = You will not hear channel tells from unregistered users.
set-kibitz-on = You will now hear kibitzes.
set-kibitz-off = You will not hear kibitzes.
set-pin-on = You will now hear logins/logouts.
set-pin-off = You will not hear logins/logouts.
set-gin-on = You will now hear game results.
set-gin-off = You will not hear game results.
set-pinform-on = You will now hear logins/logouts with addresses.
set-pinform-off = You will not hear logins/logouts with addresses.
set-ginform-on = You will now hear game starts and results.
set-ginform-off = You will not hear game starts and results.
set-flip-on = Flip on.
set-flip-off = Flip off.
set-private-on = Your games will be private.
set-private-off = Your games will not be private.
set-autoflag-on = Auto-flagging enabled.
set-autoflag-off = Auto-flagging disabled.
set-tourney-on = Your tournament variable is now set.
set-tourney-off = Your tournament variable is no longer set.
set-showownseek-on = You will now see your own seeks.
set-showownseek-off = You will not see your own seeks.
set-notakeback-on = You will not accept takeback requests.
set-notakeback-off = You will now accept takeback requests.
set-availinfo-on = You will now receive availability information.
set-availinfo-off = You will not receive availability information.
set-jprivate-on = Your journal is private.
set-jprivate-off = Your journal is public.
set-no-such = No such variable "{$name}".
set-ambiguous = Ambiguous variable "{$name}".
iset-no-such = No such ivariable "{$name}".
iset-bad-value = Bad value given for ivariable.
iset-locked = Cannot alter: Interface setting locked.
set-style-1 = Style 1 set.
set-style-12 = Style 12 set.
# $name is the variable, $value its new value.
set-value = {$name} set to {$value}.
set-unset = {$name} unset.
set-note = Note {$n} set.
set-note-cleared = Note {$n} cleared.
set-note-too-long = A note may be at most {$max} characters long.
set-style-values = Only styles 1 and 12 are available.
set-lang-values = Languages: en (English), fr (French).
set-bad-switch = Bad value given for variable {$name}.
# $low and $high are the smallest and largest values.
set-number-range = {$name} must be a number from {$low} to {$high}.
set-text-too-long = The {$name} may be at most {$max} characters long.

basic-thank-you-for-using-the = Thank you for using {$name}, the atomic chess server.
basic-there-are-currently-players-with = There are currently {$now_players} players, with a high of {$peak} since last restart.
computers-is-not-an-appropriate-list = "{$typed}" is not an appropriate list name or you have insufficient rights.
computers-is-not-a-registered-player = {$name} is not a registered player; only registered accounts can be computers.
lag-is-not-using-timeseal-moves = {$name} is not using timeseal: moves are timed by the server's clock.
# GUI
tourney-tourney-created-tourney-start-starts = Tourney #{$id} created. "tourney start {$id}" starts it.

## who and finger.

who-count = {" "}{$n} { $n ->
    [one] player
   *[other] players
} displayed (of {$total}). (*) indicates system administrator.
# GUI
who-machine-count = {$n} Players Displayed.
# GUI; $name with titles.
finger-header = Finger of {$name}:
# GUI; $on and $idle are durations in words ("7 mins").
finger-on-for = On for: {$on}   Idle: {$idle}
finger-playing = (playing game {$no}: {$white} vs. {$black})
finger-not-registered = {$name} is NOT a registered player.
finger-no-rated-games = {$name} has not played any rated games.
finger-computer = {$name} is a computer.
finger-timeseal-on = Timeseal 1 : On
finger-timeseal-off = Timeseal 1 : Off
finger-interface = Interface  : {$interface}
# GUI
finger-last-disconnected = Last disconnected: {$date}
finger-never-connected = {$name} has never connected.

## messages

messages-guests = Unregistered players may not send or receive messages.
messages-none = You have no messages.
messages-header = Messages:
messages-no-such = There is no such message.
messages-none-from = You have no messages from {$name}.
messages-from-header = Messages from {$name}:
# $date is a date-fics text: "3. Alice at Sat Jan 23, 14:34 UTC 2016: hello".
message-numbered = {$n}. {$sender} at {$date}: {$text}
# A message as sent or received: "Alice at Sat Jan 23, 14:34 UTC 2016: hello".
message-body = {$sender} at {$date}: {$text}
message-too-long = Your message is too long; messages may be at most {$max} characters.
message-unregistered = Player "{$name}" is unregistered and cannot receive messages.
message-sent-to = The following message was sent to {$name}:
message-box-full = {$name}'s message box is full.
messages-cleared = Cleared {$n} { $n ->
    [one] message
   *[other] messages
}.

## history

history-none = No games in history for {$name}.
# GUI
history-header = History for {$name}:
# GUI; Column headers over rows programs read.
history-columns = {"                  "}Opponent      Type         ECO End Date

history-no-such-game = There is no history game {$n} for {$name}.
journal-entry-not-available = Journal entry {$slot} is not available for {$name}.
journal-private = Sorry, this journal is private.
# $a and $b are the two names as typed.
stored-none-between = No stored game between "{$a}" and "{$b}".
# How a stored game is named: $kind is history (game $n of $name),
# journal (entry $slot of $name) or adjourned.
stored-title = { $kind ->
    [history] history game {$n} of {$name}
    [journal] journal entry {$slot} of {$name}
   *[adjourned] adjourned game
}
# The two players of a stored game.
stored-players = {$white} vs. {$black}
# $title is a stored-title text.
stored-gone = The {$title} is gone.
# $title is a stored-title, $players a stored-players text; $n the half-moves played.
sposition-header = Position of {$title}: {$players} after {$n} { $n ->
    [one] half-move
   *[other] half-moves
}.

journal-registered-only = Only registered players may keep a journal.
journal-letters = Journal entries are referenced by single letters.
journal-empty = {$name}'s journal is empty.
# GUI
journal-header = Journal for {$name}:
# GUI
journal-columns = {"   "}White         Rating  Black         Rating  Type         ECO End Result
# $slot is the journal's letter.
journal-saved-game = Game {$name} {$n} saved in slot {$slot} in journal.
journal-saved-entry = Journal entry {$name} {$from} saved in slot {$slot} in journal.
journal-deleted = Journal entry {$slot} deleted.
journal-no-entry = You have no journal entry {$slot}.

## Lists.

list-notify-self = You cannot notify yourself.
list-notify-unregistered = You cannot add an unregistered user to your notify list.
# $list is the list's name: censor, noplay, notify, channel.
list-already-on = {""}[{$name}] is already on your {$list} list.
list-full = Sorry, your {$list} list is full.
list-added = {""}[{$name}] added to your {$list} list.
# GUI
list-show-header = -- {$list} list: {$n} { $list ->
    [channel] { $n ->
        [one] channel
       *[other] channels
    }
   *[other] { $n ->
        [one] name
       *[other] names
    }
} --
# GUI; $title is the channel's number, and its name in quotes when it has one.
channel-members = Channel {$title}: {$names}
# GUI
channel-empty = Channel {$title} is empty.

tourney-list-columns = {"  "}#  Name                Kind                 Time     Players Status
# $kind "swiss 3 rounds", $terms "3 0 rated", $status open, running, finished or cancelled.
tourney-info = Tourney #{$id} "{$name}": {$kind}, {$terms}, {$status}.
# $limits is none, max, min or both: which of $max and $min are set.
tourney-info-director = Director: {$name}.{ $limits ->
    [max] {" "}At most {$max} players.
    [min] {" "}Rating {$min} or more.
    [both] {" "}At most {$max} players. Rating {$min} or more.
   *[none] {""}
}
tourney-info-round = Round {$round}.
tourney-info-players = Players ({$n}): {$names}
tourney-unreadable = Tourney #{$id} cannot be read.

shutdown-scheduled-minutes = Shutdown scheduled in {$n} { $n ->
    [one] minute
   *[other] minutes
}.
shutdown-scheduled-seconds = Shutdown scheduled in {$n} { $n ->
    [one] second
   *[other] seconds
}.
uptime-server = {$name} (atomicd {$version}), an atomic chess server.
uptime-since = The server has been up since {$date} UTC.
# $duration in words: "2 hrs, 5 mins".
uptime-for = (Up for {$duration})
help-ambiguous = Ambiguous help topic "{$topic}". Matches: {$matches}
ping-no-timeseal = {$name} is not using timeseal; no ping time is known.
ping-time = Ping time for {$name}: {$ms} ms.
ping-unknown = No ping time is known for {$name} yet.
# $secs is "0.120".
lag-credited = Lag credited to {$name} on the last move: {$secs} s.
lag-allowance = Lag allowance left: {$secs} s (at most 1 s a move; it refills with time).
# GUI
games-count = {"  "}{$n} { $n ->
    [one] game
   *[other] games
} displayed.
tourney-ambiguous = Ambiguous tourney command "{$word}". Matches: {$matches}
# GUI: PyChess waits for "block set."; $name is the interface variable.
iset-set = {$name} set.
# GUI
iset-unset = {$name} unset.
alias-maximum = You have your maximum of {$n} aliases.

## Administration replies.

admin-no-account = There is no account named "{$name}".
admin-player-added = Added: {$name} is now a registered player.
admin-player-exists = A player named {$name} is already registered.
admin-account-unsaved = The account {$name} cannot be saved: the server cannot write to its database. It was not created; try again later.
admin-no-password = There is no account named "{$name}"; unregistered players have no password.
admin-password-admin = You can't set the password of another administrator.
# $stars is one * per character of the new password.
admin-password-changed = Password of {$name} changed to {$stars}.
admin-remove-admin = You can't remove an administrator.
admin-player-removed = Player {$name} removed.
admin-no-comments = There are no comments for {$name}.
admin-comments-header = Comments for {$name}:
# $n is the comment's number padded to three characters, $date a date-fics
# text, $text the comment as its admin wrote it.
admin-comment = {$n}. {$admin} at {$date}: {$text}
admin-ban-admin = You can't ban an administrator.
admin-banned = {$name} is banned: logins are refused, the account is kept.
admin-unbanned = {$name} is no longer banned.
admin-muzzle-admin = You can't muzzle an administrator.
admin-no-player = There is no player named "{$name}".
admin-muzzled = {$name} is muzzled.
admin-unmuzzled = {$name} is no longer muzzled.
admin-no-such-game = There is no game with {$white} as White and {$black} as Black.
# $reason and $result as the store keeps them.
admin-adjudicated-live = Game {$no} ({$white} vs. {$black}) adjudicated: {$reason} {$result}
admin-adjudicated-stored = The adjourned game ({$white} vs. {$black}) adjudicated: {$reason} {$result}

## Notices from other commands.

password-changed-by = {$name} has changed your password.
# $change is added or removed.
computer-list-changed = You have been { $change ->
    [added] added to
   *[removed] removed from
} the computer list by {$admin}.
computers-changed = {""}[{$name}] { $change ->
    [added] added to
   *[removed] removed from
} the computer list.
computers-unchanged = {""}[{$name}] is { $change ->
    [added] already on
   *[removed] not in
} the computer list.
message-received = The following message was received:

## Settings.

# The reply to "set lang fr" is in the language just chosen.
set-lang-fr = Langue : français.
set-lang-en = Language set to English.

## For the catalogue's own tests.

test-only-english = only in English

## Computer analysis (analyse).

analysis-no-such-game = There is no game {$id}.
analysis-not-finished = Game {$id} is not finished; only finished games can be analysed.
# GUI
analysis-running = Game {$id} is being analysed: position {$done} of {$of}.
# GUI
analysis-waiting = Game {$id} waits for its computer analysis.
# GUI; $place: the game's place in the queue (1 for the next).
analysis-waiting-place = Game {$id} waits for its computer analysis, { NUMBER($place, type: "ordinal") ->
        [one] {$place}st
        [two] {$place}nd
        [few] {$place}rd
       *[other] {$place}th
    } in line.
# $why: the server's reason (no engine configured, an engine that cannot start).
analysis-unavailable = Computer analysis is not available: {$why}.
analysis-registered-only = Only registered players may ask for a computer analysis.
analysis-daily-limit = You have asked for {$count} computer { $count ->
        [one] analysis
       *[other] analyses
    } in the last 24 hours, as many as a player may; try again later.
analysis-queue-full = The analysis queue is full ({$limit} games wait); try again later.
# GUI; $place: the game's place in the queue, 0 when its analysis starts now.
analysis-queued = Game {$id} ({$white} vs. {$black}) is queued for computer analysis, { $place ->
        [0] now
       *[other] { NUMBER($place, type: "ordinal") ->
            [one] {$place}st
            [two] {$place}nd
            [few] {$place}rd
           *[other] {$place}th
        } in line
    }; you will be told when it is ready.
analysis-unreadable = The analysis of game {$id} cannot be read: {$error}.
# GUI; The first line of a finished analysis; $engine is the engine's name.
analysis-title = Computer analysis of game {$id}: {$white} vs. {$black} ({$result}), by {$engine}
analysis-counts-white = White ({$name}): {$inaccuracies} { $inaccuracies ->
        [one] inaccuracy
       *[other] inaccuracies
    }, {$mistakes} { $mistakes ->
        [one] mistake
       *[other] mistakes
    }, {$blunders} { $blunders ->
        [one] blunder
       *[other] blunders
    }
analysis-counts-black = Black ({$name}): {$inaccuracies} { $inaccuracies ->
        [one] inaccuracy
       *[other] inaccuracies
    }, {$mistakes} { $mistakes ->
        [one] mistake
       *[other] mistakes
    }, {$blunders} { $blunders ->
        [one] blunder
       *[other] blunders
    }
# After a marked move in the table; $best is the engine's move in SAN.
analysis-best-after-inaccuracy = Inaccuracy. {$best} was best.
analysis-best-after-mistake = Mistake. {$best} was best.
analysis-best-after-blunder = Blunder. {$best} was best.

## Computer opponents (bots, and match to one of them).

# $why: the server's reason (no engine configured, no [[house_bots]], an engine that cannot start).
house-unavailable = Computer opponents are not available: {$why}.
house-no-bots = Computer opponents are not available: the server has no computer opponents (config.toml has no [[house_bots]]).
house-cannot-play = {$name} cannot play now: {$why}.
house-getting-ready = {$name} is getting ready; try again in a few seconds.
house-all-busy = {$name} is playing a game, and so are all the computer opponents that may play now; try again when a game ends.
# $free: the free bots with their levels, "FairyOne (level 1), FairyTwo (level 2)".
house-busy = {$name} is playing a game. Free now: {$free}.
house-at-most = The computer opponents play at most {$most} { $most ->
        [one] game
       *[other] games
    } at once, and {$playing} { $playing ->
        [one] is
       *[other] are
    } going on; try again when one ends.
house-free-bot = {$name} (level {$level})
# The heading of "bots"; $engine is the engine's name, or house-engine-starting.
house-list-title = Computer opponents ({$engine}; lichess's levels 1 to 8; at most {$most} { $most ->
        [one] game
       *[other] games
    } at once, {$playing} going on):
house-engine-starting = the engine is being started
house-status-playing = playing game {$no}
house-status-free = free
house-status-getting-ready = getting ready
house-status-cannot-play = cannot play: {$why}
house-play-one = Play one with "match {$example} 5 0" (any time and increment; add white or black to choose your colour).
# Sent to the player who asked, when the analysis ends.
analysis-ready = The computer analysis of game {$id} is ready: "analyse {$id}" shows it.
analysis-not-stored = The computer analysis of game {$id} could not be stored; ask again later.
analysis-failed = The computer analysis of game {$id} failed: {$why}. "analyse {$id}" asks again.

## best, hbest, rank, stats (the rows are data: place, rating, name).

best-header = Atomic
best-none = {"  "}Nobody has played a rated game yet.
hbest-header = Atomic (best ever)
hbest-none = {"  "}Nobody has an established rating yet.
rank-of = Atomic rank of {$name}: {$place} of {$total} (rating {$rating}).
rank-none = {$name} has no Atomic rank (no rated games).
best-header-atomic960 = Atomic960
hbest-header-atomic960 = Atomic960 (best ever)
rank-of-atomic960 = Atomic960 rank of {$name}: {$place} of {$total} (rating {$rating}).
rank-none-atomic960 = {$name} has no Atomic960 rank (no rated Atomic960 games).
stats-no-player = There is no player matching the name {$name}.
stats-guest = {$name} is a guest and has no rating.
stats-no-games = {$name} has not played any rated games.
stats-header = Statistics for {$name}:
# GUI (PyChess): the headings over the Atomic row of finger and stats.
rating-table-columns = {"          "}rating     RD      win    loss    draw   total   best

## tourney standings: the headings (the rows are data).

tourney-standings-after = Standings after round {$round} of {$total}{ $progress ->
    [yes] {" "}(in progress)
   *[no] {""}
}
tourney-standings-swiss = {" "}Rk Name              Rating   Pts  Buchholz     SB
tourney-standings-rr = {" "}Rk Name              Rating   Pts     SB
tourney-standings-arena = {" "}Rk Name              Rating Points Games  Perf
tourney-standings-ko = {" "}Rk Name              Rating  Result

## tourney create, refused.

tourney-bad-name = A tourney name is one word of up to 30 letters, digits, - or _.
# $what is the option as typed: time, increment, rounds, cycles, games, max, minrating, minutes.
tourney-bad-value = Bad {$what} "{$word}".
tourney-unknown-option = Unknown option "{$word}". Usage: {$syntax}
tourney-unknown-kind = Unknown tourney kind "{$kind}": swiss, rr, arena or ko.

## A challenge's terms, inside Challenge:, Issuing: and pending lines.

# GUI form: $a and $b are the players, $ar and $br their ratings in
# brackets, $color white, black or none (the colour $a asked for), $rated
# rated or unrated, $adjourned yes or no.
challenge-text = {$a} {$ar} { $color ->
    [white] {"[white] "}
    [black] {"[black] "}
   *[none] {""}
}{$b} {$br} {$rated} {$variant} {$minutes} {$inc}{ $adjourned ->
    [yes] {" (adjourned)"}
   *[no] {""}
}

# A knockout row ($row: rank, name, rating) and how far its player got
# ($result, a tourney-ko-result text); an arena row whose player is on a
# winning streak.
tourney-row-ko = {$row}  {$result}
tourney-row-fire = {$row} on fire
# $result is winner, in or lost; $stage final, semi, quarter or round
# (then $round is its number).
tourney-ko-result = { $result ->
    [winner] winner
    [in] in { $stage ->
        [final] final
        [semi] semi-final
        [quarter] quarter-final
       *[round] round {$round}
    }
   *[lost] lost in { $stage ->
        [final] final
        [semi] semi-final
        [quarter] quarter-final
       *[round] round {$round}
    }
}

## tourney pairings: the headings and the words after a row's data.

tourney-pairings-round = Round {$round}
tourney-pairings-columns = {" "}Bd White              Rtng   Pts  Result   Black              Rtng   Pts
tourney-pairings-arena-title = Games in progress
tourney-pairings-arena = White                 Rtng  Black                 Rtng
# $row is a player's data (name, rating, points); $kind full, half or zero.
tourney-row-bye = {$row}  { $kind ->
    [full] bye (1 point)
    [half] bye (1/2 point)
   *[zero] rest
}
# $row is a knockout match's data; $state won (then $name is the winner),
# playing or next (then $game is the game's number in the match).
tourney-row-match = {$row}  { $state ->
    [won] {$name} wins
    [playing] game {$game} in progress
   *[next] game {$game} next
}
tourney-row-ko-bye = {$name} ({$rating}) bye

## Issue 29: one's own account (password, close).

password-unregistered = Only registered players have a password; see "help register".
password-too-short = A password must be at least {$min} characters long.
password-too-long = A password may be at most {$max} bytes long.
password-no-spaces = A password may not contain spaces.
password-wrong = That is not your password; nothing was changed.
password-changed = Your password has been changed.
close-unregistered = Only a registered account can be closed.
close-explain = "close" closes your account {$name} for good: nobody logs in with it again.
close-explain-kept = Your games and rating stay in history; nobody else may take the name.
close-explain-how = To close it, type "close" followed by your password.
close-while-playing = You can't close your account while you are playing a game.
close-closing = Closing the account {$name}.
close-done = **** Your account {$name} is closed. Goodbye. ****

## Issue 29: the courtesies of a game (switch, pause, unpause, courtesyabort).

noun-switch-request = switch request
noun-pause-request = pause request
offer-switch-to-you = {$from} would like to switch sides; type "accept" or "switch" to agree.
offer-pause-to-you = {$from} would like to pause the game; type "accept" or "pause" to agree.
offer-switch-seen = Game {$game}: {$from} asks to switch sides.
offer-pause-seen = Game {$game}: {$from} asks to pause the game.
offer-sent-switch = Switch request sent.
offer-sent-pause = Pause request sent.
offer-already-switch = You are already asking to switch sides.
offer-already-pause = You are already asking to pause the game.
pending-to-switch = {" "}{$id}: You are asking {$name} to switch sides.
pending-to-pause = {" "}{$id}: You are asking {$name} to pause the game.
pending-from-switch = {" "}{$id}: {$name} is asking to switch sides.
pending-from-pause = {" "}{$id}: {$name} is asking to pause the game.
switch-rated-started = Sides can be switched in a rated game only before the first move.
switch-tourney = The pairing of a tournament game decides the colours; they can't be switched.
switch-done = Game {$no}: sides switched; {$white} now plays White and {$black} Black.
pause-already = The game is already paused.
pause-done = Game {$no} is paused: both clocks stop until a player types "unpause".
unpause-not-paused = The game is not paused.
unpause-done = Game {$no}: {$name} unpauses the game; the clocks run again.
move-while-paused = The game is paused; type "unpause" to go on.
courtesyabort-not-due = Your opponent still has time and is connected: use "abort" instead.
end-courtesy-aborted = Game courtesyaborted by {$name}

## Issue 29: assess.

assess-not-playing = You are not playing a game; type "assess NAME" to assess a game with NAME.
assess-no-such-player = There is no player named {$name}.
assess-same-player = A player can't play against themselves.
assess-unrated-player = {$name} has no rating: only registered players play rated games.
assess-heading = A rated atomic game between {$a} ({$a_rating}) and {$b} ({$b_rating}):
assess-heading-atomic960 = A rated Atomic960 game between {$a} ({$a_rating}) and {$b} ({$b_rating}):
# $win, $draw and $loss are signed changes (+12, -3); $rd the new rating deviation.
assess-line = {"  "}{$name}: win {$win}, draw {$draw}, loss {$loss}; new RD {$rd}

## Issue 29: logons, llogons, handles, hrank.

logons-none = There is no record of {$name} logging in.
logons-header = Last logins and logouts of {$name}:
llogons-none = Nobody has logged in yet.
llogons-header = The server's last logins and logouts:
# $date is the time (UTC), $name a user (with (U) when unregistered), $addr an address.
logons-in = {$date}: {$name} logged in
logons-in-from = {$date}: {$name} logged in from {$addr}
logons-out = {$date}: {$name} logged out
logons-out-from = {$date}: {$name} logged out from {$addr}
handles-none = No registered name begins with "{$prefix}".
handles-header = Registered names beginning with "{$prefix}" ({$n}):
handles-more = (only the first {$n} are shown: type more letters)
hrank-of = {$name} is number {$rank} of the {$total} rated people (computers aside):
hrank-range = Rated people (computers aside), places {$m} to {$n}:
hrank-unranked = {$name} has no place in the ranking (no rated game, or a computer account).
hrank-empty = There are only {$total} rated people.

## Issue 29: news, limits, boards, index, info, next, servers, mail.

news-none = There is no news.
news-header = The server's news, newest first:
# $date is the day posted, $poster who posted it, $text the bulletin.
news-item = {$id} ({$date}, {$poster}): {$text}
news-how = Type "news N" for item N alone, "news all" for every item.
news-no-such = There is no news item {$id}.
news-admins-only = Only administrators post and delete news.
news-too-long = A news item may be at most {$max} characters long.
news-posted = News item {$id} posted.
news-deleted = News item {$id} deleted.
limits-header = The limits in force on {$server}:
limits-connections = {"  "}Connections at once: {$max} ({$per_address} from one address).
limits-now = {"  "}Now: {$now} users and {$games} games.
limits-idle = {"  "}Idle logout: after {$minutes} minutes without a command (never during a game).
limits-idle-never = {"  "}Idle logout: none.
limits-grace = {"  "}A game with a guest waits {$secs} seconds for a dropped player.
limits-seeks = {"  "}Seeks posted at once: {$n}.
limits-aliases = {"  "}Aliases: {$n}.
limits-lists = {"  "}Names on each list (notify, censor, noplay...): {$n}.
limits-messages = {"  "}Messages kept for you: {$n}.
limits-journal = {"  "}Journal slots: {$n} (A to Z).
limits-simul = {"  "}Boards in one simul: {$n}.
limits-talk = {"  "}Talk: {$lines} lines in {$secs} seconds.
limits-shout = {"  "}Shouts: one every {$secs} seconds.
limits-commands = {"  "}Commands: {$burst} at once, then {$per_second} a second.
limits-computers = {"  "}Computer accounts: {$games} games at once, {$per_minute} challenges a minute.
limits-logins = {"  "}Wrong passwords before each new try waits: {$n}.
boards-categories = Board categories:
boards-category = {"  "}{$category} ({$n} boards)
boards-how-list = Type "boards {$category}" for its boards.
boards-in = Boards in category {$category}:
boards-how-load = Type "load {$category} NAME" (or "examine {$category} NAME") to load one;
boards-how-then = "bsetup" then changes it, and "match" plays from it.
boards-no-category = There is no board category "{$category}"; type "boards" for the list.
info-header = Help pages about topics rather than commands:
info-how = Type "help TOPIC" to read one.
next-nothing = There is nothing more to show: every reply of this server comes whole.
servers-only = {$server} shares its ratings with no other server.
mail-not-set-up = Mail is not set up on this server.
mail-no-address = Your account has no e-mail address to mail to.
mail-no-such-game = There is no such game in progress.
mail-game-subject = {$server}: {$players}
mail-game-sent = The game {$players} was mailed to {$email}.
mail-failed = The mail could not be sent; try again later.
mail-help-subject = {$server}: help {$topic}
mail-help-sent = The help page "{$topic}" was mailed to {$email}.
mail-messages-subject = {$server}: your messages
mail-messages-sent = { $n ->
    [one] Your message was mailed to {$email}.
   *[other] Your {$n} messages were mailed to {$email}.
}
mail-source-subject = {$server}: the server's source
mail-source-body = {$server} runs atomicd {$version}, free software under the GNU General Public License, version 3 or later: you may have its source, change it and share it.
    { $url ->
        [none] This copy names no public repository: the operator of {$server} gives out the source of the version that runs, on request (answer this mail).
       *[other] The source is in its repository: {$url}
    }
mail-source-sent = Where to get the server's source was mailed to {$email}.

## Issue 29: signing up (the /register page, help register, accounts).

signup-title = Sign up
signup-field-name = Name (3 to 17 letters):
signup-field-password = Password:
signup-field-password2 = Password again:
signup-field-email = E-mail (optional, for a forgotten password):
signup-submit = Sign up
signup-to-lobby = Back to the lobby
signup-approval-note = An administrator approves each new account before it can log in.
signup-closed = This server takes no sign-ups; ask an administrator for an account.
signup-form-bad = The form did not arrive whole; please fill it in again.
signup-name-short = A name should be at least three letters long.
signup-name-long = A name may be at most 17 letters long.
signup-name-letters = A name can only consist of lower and upper case letters.
signup-name-reserved = The name "{$name}" is reserved; please choose another.
signup-name-taken = The name "{$name}" is taken; please choose another.
signup-passwords-differ = The two passwords are not the same.
signup-email-bad = That is not an e-mail address (leave it empty if you like).
signup-too-many = Too many accounts were made from your address in the last hour; try again later.
signup-done = The account {$name} is made. Log in with it on telnet or in the lobby.
signup-waiting = The account {$name} is made; it can log in once an administrator approves it.
help-register-open = This server's sign-up page: {$url}
help-register-approval = An administrator approves each new account before it can log in.
help-register-closed = This server takes no sign-ups: ask an administrator for an account.
accounts-none-pending = No account waits for approval.
accounts-pending-head = { $count ->
    [one] One account waits for approval:
   *[other] {$count} accounts wait for approval:
}
# $email is "-" when none was given; $date when the account was made.
accounts-pending-row = {"  "}{$name}  {$email}  {$date}
accounts-approved = The account {$name} is approved; it can log in now.
accounts-rejected = The account {$name} is rejected and deleted; its name is free again.
accounts-not-waiting = The account {$name} does not wait for approval.
accounts-no-such = There is no account named "{$name}".
login-closed-account = "{$name}" is the name of a closed account; it cannot be used again.  Try another name.
login-waiting-approval = **** {$name} waits for an administrator's approval; you can log in once it is approved. ****

## Issue 29: simultaneous exhibitions (simopen, simmatch, simnext ...).

end-simul-aborted = Game aborted by the simul giver
end-simul-adjourned = Game adjourned by the simul giver
simopen-on = You now take simul requests (simopen set).
simopen-off = You no longer take simul requests (simopen unset).
simul-not-yourself = You can't simmatch yourself!
simul-not-open = {$name} is not taking simul requests.
simul-you-are-playing = You can't ask for a simul game while you are playing.
simul-request-sent = Simul match request sent to {$name}.
simul-request-to-you = {$name} requests a simul match with you; type "simmatch {$name}" to take the board.
simul-too-many = You are already playing the most boards a simul may have ({$n}).
simul-accepted = {$name} accepts the simul offer.
simul-your-board = You play Black on board {$board} of {$name}'s simul (game {$no}).
simul-you-accept = You take {$name}'s board: board {$board}, game {$no}.
simul-now-at = You are now at board {$board}, against {$name} (game {$no}).
simul-not-giving = You are not giving a simul.
simul-no-board-of = You have no simul board against "{$name}".
simul-no-board-num = Game {$no} is not one of your simul boards.
simul-over = Your simul is over: every board has finished.
simgames-none = {$name} is not giving a simul.
simgames-count = { $n ->
    [one] {$name} is playing one simul board.
   *[other] {$name} is playing {$n} simul boards.
}
simpass-not-simul = You are not playing in a simul.
simpass-not-your-move = You can only pass when it is your move.
simpass-not-here = The simul giver is not at your board.
simpass-no-more = You have used your {$n} passes on this board.
simpass-done = You pass; the simul giver moves on ({$left} passes left).
simpass-to-exhibitor = {$name} passes.

## Issue 29: one's own account on the web (/account).

account-title = Your account
account-password-heading = Change your password
account-close-heading = Close your account
account-field-name = Name:
account-field-old = Password now:
account-field-new = New password:
account-field-new2 = New password again:
account-field-password = Password:
account-password-submit = Change the password
account-close-confirm = Close this account for good: nobody logs in with it again.
account-close-submit = Close the account
account-close-unconfirmed = Tick the box to say that you mean to close the account for good.
account-closed = The account {$name} is closed. Goodbye.
reset-title = A forgotten password
reset-explain = Give your account's name and its e-mail address: a link to choose a new password is mailed to that address. It works once, for an hour.
reset-field-email = E-mail address:
reset-submit = Mail me a link
reset-mailed = If the name and the address are an account's, a link is on its way to that address.
reset-too-many = Too many links were asked for from your address in the last hour; try again later.
reset-link-bad = This link does not work: it was used already, or it has expired. Ask for a new one.
reset-done = The password of {$name} is changed; log in with the new one.
reset-mail-subject = {$server}: a new password
reset-mail-body =
    Someone asked for a new password for the account {$name} on
    {$server}. To choose one, open this link within the hour (it works
    once):

        {$link}

    If it was not you, do nothing: the password stays as it is.
approvals-title = Accounts waiting for approval
approvals-explain = For administrators: your name and password show the accounts waiting; each Approve or Reject asks for your password again.
approvals-show = Show the waiting accounts
approvals-approve = Approve
approvals-reject = Reject
approvals-admins-only = Only an administrator can see and decide the accounts waiting for approval.
simul-moving-off = {$name} is moving off of your board.
simul-giver-cannot-join = You cannot give a simul and join another one at once.
